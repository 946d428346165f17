export default {
  face: 'Portal sprzedawcy',
  sign_in_title: 'Logowanie do portalu sprzedawcy',
  user: '{{name}}, {{retailer}}',
  nav: { orders: 'Moje zamówienia', users: 'Użytkownicy' },
};
