// The staff app's live updates (src/web/staff/live), in English.
export default {
  down: 'Live updates interrupted — reconnecting… Figures on screen may be out of date.',
};
