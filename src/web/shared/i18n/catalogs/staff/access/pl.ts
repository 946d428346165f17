export default {
  no_account: 'Nie udało się wczytać Twojego konta.',
  loading: 'Wczytywanie…',
  not_available: 'Niedostępne dla Ciebie',
  ask: 'Jeśli tego potrzebujesz, poproś administratora.',
  only: {
    create_orders: 'Tylko administrator może tworzyć zamówienia.',
    upload_orders: 'Tylko administrator może wgrywać zamówienia.',
    company: 'Tylko administrator może przeglądać i zmieniać dane firmy.',
    staff: 'Tylko administrator może zarządzać personelem.',
    sso: 'Tylko administrator może skonfigurować logowanie SSO.',
    keys: 'Tylko administrator może zarządzać kluczami API i webhookami.',
    audit: 'Tylko administrator może przeglądać dziennik zmian.',
    page: 'Tylko administrator może otworzyć tę stronę.',
  },
};
