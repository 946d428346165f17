export default {
  face: 'Portalul comerciantului',
  sign_in_title: 'Conectare la portalul comerciantului',
  user: '{{name}}, {{retailer}}',
  nav: { orders: 'Comenzile mele', users: 'Utilizatori' },
};
