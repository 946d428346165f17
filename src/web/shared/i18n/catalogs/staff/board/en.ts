// The floor board (src/web/board): the TV's figures, its sign-in and its pairing form.
export default {
  title: 'Floor today',
  down: 'Not live — reconnecting',
  today: 'Today',
  produced: 'Produced',
  stocked: 'Stocked',
  dispatched: 'Dispatched',
  stuck: 'Stuck orders',
  /** The tile's label: short, beside the counts. */
  stuck_tile: 'Stuck orders',
  last_hour: 'Last hour per station',
  wip: 'Orders in progress',
  none: 'None',
  no_scans: 'No scans in the last hour',
  stuck_reason: {
    partially_dispatched: 'Part dispatched',
    waiting_since: 'Produced, not dispatched',
    other: 'Stuck',
  },
  printers: 'Printers needing attention',
  sign_in_title: 'Floor board sign-in',
  pair_instead: 'Or <a>pair this screen as a board</a> with a code of role Board.',
  pair_title: 'Pair this screen as a board',
  pair_how:
    'A supervisor issues a pairing code with the role Board (Stations → Pair a new station).',
  code: 'Pairing code',
  pairing: 'Pairing…',
  pair: 'Pair as a board',
  not_a_board:
    'That code paired a station ({{role}}), not a board: delete “{{name}}” under Stations and issue a code with the role Board.',
};
