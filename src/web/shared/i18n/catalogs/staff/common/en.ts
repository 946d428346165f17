// What the staff app's pages share (src/web/staff/common).
export default {
  preparing_labels: 'Preparing labels…',
};
