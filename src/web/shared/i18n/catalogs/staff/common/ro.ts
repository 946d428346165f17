export default {
  preparing_labels: 'Se pregătesc etichetele…',
};
