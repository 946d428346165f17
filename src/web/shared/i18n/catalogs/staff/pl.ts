export default {
  face: 'Personel',
  sign_in_title: 'Logowanie personelu',
  new_install: 'Nowa instalacja bez administratora? <a>Utwórz pierwszego administratora</a>.',
  user: '{{name}} ({{role}})',
  role: { admin: 'administrator', supervisor: 'kierownik' },
  nav: {
    orders: 'Zamówienia',
    stations: 'Stanowiska',
    returns: 'Zwroty',
    retailers: 'Sprzedawcy',
    integrations: 'Integracje',
    factory: 'Fabryka',
  },
};
