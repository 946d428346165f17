export default {
  preparing_labels: 'Przygotowywanie etykiet…',
};
