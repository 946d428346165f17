export default {
  stuck: 'Utknięte',
  stuck_title: 'Utknięte: wyprodukowane, ale stoi, lub częściowo wysłane',
  progress:
    'Wyprodukowano {{produced}} z {{total}}, na magazynie {{stock}}, wysłano {{dispatched}}',
  progress_stock: 'mag. {{count}}',
  progress_sent: 'wysł. {{count}}',
};
