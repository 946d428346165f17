export default {
  no_account: 'Contul dumneavoastră nu a putut fi încărcat.',
  loading: 'Se încarcă…',
  not_available: 'Nu vă este disponibil',
  ask: 'Cereți unui administrator dacă aveți nevoie.',
  only: {
    create_orders: 'Doar un administrator poate crea comenzi.',
    upload_orders: 'Doar un administrator poate încărca comenzi.',
    company: 'Doar un administrator poate vedea și modifica datele companiei.',
    staff: 'Doar un administrator poate administra personalul.',
    sso: 'Doar un administrator poate configura autentificarea unică.',
    keys: 'Doar un administrator poate administra cheile API și webhookurile.',
    audit: 'Doar un administrator poate citi jurnalul de audit.',
    page: 'Doar un administrator poate deschide această pagină.',
  },
};
