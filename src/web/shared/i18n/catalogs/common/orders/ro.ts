export default {
  stuck: 'Blocată',
  stuck_title: 'Blocată: produsă, dar nu avansează, sau expediată parțial',
  progress: '{{produced}} din {{total}} produse, {{stock}} în stoc, {{dispatched}} expediate',
  progress_stock: '{{count}} în stoc',
  progress_sent: '{{count}} exp.',
};
