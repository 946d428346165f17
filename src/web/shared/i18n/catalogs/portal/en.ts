// The retailer portal in English (converted so far: the frame and its menu; docs/languages.md).
export default {
  face: 'Retailer portal',
  sign_in_title: 'Retailer portal sign-in',
  user: '{{name}}, {{retailer}}',
  nav: { orders: 'My orders', users: 'Users' },
};
