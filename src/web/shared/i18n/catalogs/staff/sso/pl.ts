export default {
  form: 'Logowanie SSO',
  on: 'Personel może logować się przez {{provider}}. Hasła nadal działają (pierwszy administrator i awaria dostawcy).',
  off: 'Wyłączone: personel loguje się e-mailem i hasłem. Skonfiguruj dostawcę tożsamości (Keycloak, Entra ID…), aby dodać „Zaloguj przez …”.',
  label: {
    provider_name: 'Nazwa dostawcy',
    issuer_url: 'URL wystawcy',
    client_id: 'Identyfikator klienta',
    client_secret: 'Sekret klienta',
    claim: 'Atrybut (claim)',
    role_map: 'Grupy i role',
  },
  hint: {
    provider_name: 'Widoczna na stronie logowania: „Zaloguj przez <provider name>”.',
    issuer_url:
      'Wystawca u dostawcy: stąd odczytywany jest jego /.well-known/openid-configuration.',
    client_secret:
      'Przechowywany na serwerze i nigdy więcej niewyświetlany. Pusty dla klienta publicznego (tylko PKCE).',
    claim: 'Atrybut tokenu ID lub userinfo z listą grup albo ról danej osoby.',
    role_map:
      'Po jednej w wierszu: wartość atrybutu = admin lub supervisor. Osoba bez żadnej z nich zostaje odrzucona.',
  },
  secret_stored: '(zapisany; wpisz nowy, aby go zastąpić)',
  example_provider: 'Logowanie Acme',
  example_issuer: 'https://login.example.com/realms/factory',
  example_role_map: 'administratorzy-zakladu = admin\nkierownicy-hali = supervisor',
  redirect: 'Zarejestruj u dostawcy ten adres przekierowania:',
  saved: 'Zapisano logowanie SSO.',
  save: 'Zapisz logowanie SSO',
  turn_off: 'Wyłącz',
  loading: 'Wczytywanie…',
  or: 'lub',
  not_staff: 'Logowanie nie utworzyło sesji personelu.',
  sign_in_with: 'Zaloguj przez {{provider}}',
};
