// Single sign-on (src/web/staff/sso): the provider's settings and the sign-in button.
export default {
  form: 'Single sign-on',
  on: 'Staff can sign in with {{provider}}. Passwords still work (the first admin, and when the provider is down).',
  off: 'Off: staff sign in with email and password. Set up your identity provider (Keycloak, Entra ID…) to add "Sign in with …".',
  label: {
    provider_name: 'Provider name',
    issuer_url: 'Issuer URL',
    client_id: 'Client ID',
    client_secret: 'Client secret',
    claim: 'Claim',
    role_map: 'Groups and roles',
  },
  hint: {
    provider_name: 'Shown on the sign-in page: "Sign in with <provider name>".',
    issuer_url: "The provider's issuer: its /.well-known/openid-configuration is read from there.",
    client_secret:
      'Kept on the server and never shown again. Empty for a public client (PKCE only).',
    claim: "The ID token or userinfo claim that lists the person's groups or roles.",
    role_map:
      'One per line: a value of the claim = admin or supervisor. Anyone with none of them is refused.',
  },
  secret_stored: '(stored; type a new one to replace it)',
  example_provider: 'Acme Login',
  example_issuer: 'https://login.example.com/realms/factory',
  example_role_map: 'factory-admins = admin\nfloor-supervisors = supervisor',
  redirect: 'Register this redirect URI at the provider:',
  saved: 'Single sign-on saved.',
  save: 'Save single sign-on',
  turn_off: 'Turn off',
  loading: 'Loading…',
  or: 'or',
  not_staff: 'The sign-in did not give a staff session.',
  sign_in_with: 'Sign in with {{provider}}',
};
