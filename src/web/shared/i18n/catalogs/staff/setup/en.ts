// A new install's first admin (src/web/staff/setup).
export default {
  title: 'Create the first admin',
  intro:
    'A new factoryd has an API key but no one who can sign in. When it first started it wrote the key to <0>initial-api-key</0> in its data directory (it said where). Paste it here to create an admin; the key is used once and not kept by this page.',
  key: 'API key',
  key_invalid: 'That API key is not valid. Copy it again from the initial-api-key file.',
  factory: 'Factory name',
  factory_hint: 'As retailers see it in their portal; the Company page holds the rest.',
  name: 'Your name',
  email: 'Email',
  password: 'Password',
  password_hint: 'At least 10 characters.',
  creating: 'Creating…',
  create: 'Create admin and sign in',
  footer:
    'Already have an account? <0>Sign in</0>. On the server you can also run <1>factoryd staff add --role admin</1>.',
};
