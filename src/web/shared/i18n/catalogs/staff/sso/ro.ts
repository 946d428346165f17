export default {
  form: 'Autentificare unică',
  on: 'Personalul se poate conecta cu {{provider}}. Parolele funcționează în continuare (primul administrator și când furnizorul nu răspunde).',
  off: 'Dezactivată: personalul se conectează cu e-mail și parolă. Configurați furnizorul de identitate (Keycloak, Entra ID…) pentru a adăuga „Conectare cu …”.',
  label: {
    provider_name: 'Numele furnizorului',
    issuer_url: 'URL emitent',
    client_id: 'ID client',
    client_secret: 'Secret client',
    claim: 'Revendicare (claim)',
    role_map: 'Grupuri și roluri',
  },
  hint: {
    provider_name: 'Afișat pe pagina de conectare: „Conectare cu <provider name>”.',
    issuer_url: 'Emitentul furnizorului: de acolo se citește /.well-known/openid-configuration.',
    client_secret:
      'Păstrat pe server și nu mai este afișat niciodată. Gol pentru un client public (doar PKCE).',
    claim:
      'Revendicarea din tokenul ID sau din userinfo care listează grupurile sau rolurile persoanei.',
    role_map:
      'Câte una pe rând: o valoare a revendicării = admin sau supervisor. Oricine nu are niciuna este refuzat.',
  },
  secret_stored: '(salvat; introduceți unul nou pentru a-l înlocui)',
  example_provider: 'Autentificare Acme',
  example_issuer: 'https://login.example.com/realms/factory',
  example_role_map: 'administratori-fabrica = admin\nsupervizori-hala = supervisor',
  redirect: 'Înregistrați la furnizor acest URI de redirecționare:',
  saved: 'Autentificarea unică a fost salvată.',
  save: 'Salvare autentificare unică',
  turn_off: 'Dezactivare',
  loading: 'Se încarcă…',
  or: 'sau',
  not_staff: 'Conectarea nu a creat o sesiune de personal.',
  sign_in_with: 'Conectare cu {{provider}}',
};
