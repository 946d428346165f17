// The docs travel inside the program (the one-file install has no docs folder): each page is
// imported as text, which esbuild bundles. Loaded only by `factory docs`.
import changelog from '../../../../CHANGELOG.md' with { type: 'text' };
import cli from '../../../../docs/cli.md' with { type: 'text' };
import errors from '../../../../docs/errors.md' with { type: 'text' };
import install from '../../../../docs/install.md' with { type: 'text' };
import keys from '../../../../docs/keys.md' with { type: 'text' };
import labels from '../../../../docs/labels.md' with { type: 'text' };
import operate from '../../../../docs/operate.md' with { type: 'text' };
import orders from '../../../../docs/orders.md' with { type: 'text' };
import permissions from '../../../../docs/permissions.md' with { type: 'text' };
import portal from '../../../../docs/portal.md' with { type: 'text' };
import returns from '../../../../docs/returns.md' with { type: 'text' };
import scaleOut from '../../../../docs/scale-out.md' with { type: 'text' };
import scanning from '../../../../docs/scanning.md' with { type: 'text' };
import station from '../../../../docs/station.md' with { type: 'text' };
import tui from '../../../../docs/tui.md' with { type: 'text' };
import web from '../../../../docs/web.md' with { type: 'text' };
import webhooks from '../../../../docs/webhooks.md' with { type: 'text' };

/** Each topic: what it is about, and its page. In the order `factory docs` lists them. */
export const DOCS_TOPICS: Record<string, { about: string; text: string }> = {
  install: { about: 'install, the systemd unit, TLS, files, troubleshooting', text: install },
  operate: { about: 'logs, upgrades and rollback, single sign-on', text: operate },
  keys: { about: 'replacing the first API key, recovering access', text: keys },
  changelog: { about: 'what changed in each release, and how to upgrade', text: changelog },
  'scale-out': { about: 'PostgreSQL, several factoryd on one database', text: scaleOut },
  cli: { about: 'the factory command', text: cli },
  tui: { about: 'factory tui, the terminal screens', text: tui },
  web: { about: 'the staff app in the browser', text: web },
  station: { about: 'the station page on tablets and phones', text: station },
  scanning: { about: 'scanners, scans and their verdicts', text: scanning },
  labels: { about: 'piece labels, printers, PDF and ZPL', text: labels },
  orders: { about: 'orders, pieces, uploads', text: orders },
  returns: { about: 'returns', text: returns },
  portal: { about: "the retailers' portal", text: portal },
  webhooks: { about: 'webhooks: events, signatures, retries', text: webhooks },
  permissions: { about: 'who may call what', text: permissions },
  errors: { about: "the API's error codes", text: errors },
};
