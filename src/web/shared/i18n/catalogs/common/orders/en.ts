// The order widgets the staff app shares (src/web/shared/orders): the stuck badge and the progress
// bar's words, in the factory's words.
export default {
  stuck: 'Stuck',
  stuck_title: 'Stuck: produced but not moving, or partly dispatched',
  progress: '{{produced}} of {{total}} produced, {{stock}} in stock, {{dispatched}} dispatched',
  progress_stock: '{{count}} stock',
  progress_sent: '{{count}} sent',
};
