import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Roll-ups of the reports (DESIGN §16, docs/decisions.md "Reports from roll-ups"), kept by
 * triggers in the transaction that writes the scan or the milestone, so they are exact at every
 * commit, on either dialect, however many factoryd write:
 *
 * - `scan_counts`: scans per 15-minute slot (UTC, `unixepoch / 900`) × station × operator × role,
 *   accepted and refused apart; test labels left out, and accepted scans of no piece (a badge,
 *   a consignment's number, a pallet's SSCC) too: throughput counts pieces. 15 minutes divide every time zone's
 *   offset, so a report's hours and days in the factory's zone are sums of slots.
 * - `cycle_time_counts`: a histogram of stage durations per UTC hour in which the stage ended ×
 *   retailer × stage × bin, for pieces and orders. Bin 0 holds durations under a second; bin
 *   b ≥ 1 holds [1.01^(b-1), 1.01^b) seconds. A changed or cleared milestone takes its old
 *   duration out and puts the new one in.
 *
 * Both are rebuilt here from the scans and milestones already recorded.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const text = pg ? sql`text collate "C"` : sql`text`;
  const int = pg ? sql`bigint` : sql`integer`;
  await sql`create table scan_counts (
    factory_id ${text} not null,
    slot ${int} not null,
    station_id ${text} not null,
    operator_id ${text} not null,
    event ${text} not null,
    accepted ${int} not null,
    refused ${int} not null,
    primary key (factory_id, slot, station_id, operator_id, event)
  )`.execute(db);
  await sql`create table cycle_time_counts (
    factory_id ${text} not null,
    per ${text} not null,
    stage ${text} not null,
    hour ${int} not null,
    retailer_id ${text} not null,
    bin ${int} not null,
    n ${int} not null,
    primary key (factory_id, per, stage, hour, retailer_id, bin)
  )`.execute(db);

  const epoch = (x: string) =>
    pg ? `extract(epoch from cast(${x} as timestamptz))` : `unixepoch(${x})`;
  const slotOf = (x: string) => (pg ? `floor(${epoch(x)} / 900)::bigint` : `${epoch(x)} / 900`);
  const hourOf = (x: string) => (pg ? `floor(${epoch(x)} / 3600)::bigint` : `${epoch(x)} / 3600`);
  const seconds = (a: string, b: string) =>
    pg
      ? `extract(epoch from (cast(${b} as timestamptz) - cast(${a} as timestamptz)))`
      : `((julianday(${b}) - julianday(${a})) * 86400.0)`;
  const binOf = (a: string, b: string) =>
    `case when ${seconds(a, b)} < 1 then 0 else 1 + cast(floor(ln(${seconds(a, b)}) / ln(1.01)) as ${pg ? 'bigint' : 'integer'}) end`;
  const stages = [
    ['produce_to_stock', 'produced_at', 'in_stock_at'],
    ['stock_to_dispatch', 'in_stock_at', 'dispatched_at'],
    ['produce_to_dispatch', 'produced_at', 'dispatched_at'],
  ] as const;
  const scanUpsert = `on conflict (factory_id, slot, station_id, operator_id, event)
    do update set accepted = scan_counts.accepted + excluded.accepted,
      refused = scan_counts.refused + excluded.refused`;
  const cycleUpsert = `on conflict (factory_id, per, stage, hour, retailer_id, bin)
    do update set n = cycle_time_counts.n + excluded.n`;

  // Rebuild from what is recorded.
  await sql
    .raw(
      `insert into scan_counts (factory_id, slot, station_id, operator_id, event, accepted, refused)
      select factory_id, ${slotOf('at')}, coalesce(station_id, ''), coalesce(operator_id, ''), event,
        sum(case when accepted = 1 then 1 else 0 end), sum(case when accepted = 1 then 0 else 1 end)
      from scans where test_label = 0 and (accepted = 0 or piece_id is not null)
      group by 1, 2, 3, 4, 5`,
    )
    .execute(db);
  for (const [per, table, retailer] of [
    ['piece', 'pieces t join orders o on o.id = t.order_id', 'o.retailer_id'],
    ['order', 'orders t', 't.retailer_id'],
  ] as const) {
    for (const [stage, a, b] of stages) {
      await sql
        .raw(
          `insert into cycle_time_counts (factory_id, per, stage, hour, retailer_id, bin, n)
          select t.factory_id, '${per}', '${stage}', ${hourOf(`t.${b}`)}, ${retailer},
            ${binOf(`t.${a}`, `t.${b}`)}, count(*)
          from ${table} where t.${a} is not null and t.${b} is not null
          group by 1, 2, 3, 4, 5, 6`,
        )
        .execute(db);
    }
  }

  if (pg) {
    await sql
      .raw(
        `create function scan_counts_add() returns trigger language plpgsql as $$
        begin
          if new.test_label = 0 and (new.accepted = 0 or new.piece_id is not null) then
            insert into scan_counts (factory_id, slot, station_id, operator_id, event, accepted, refused)
            values (new.factory_id, ${slotOf('new.at')}, coalesce(new.station_id, ''),
              coalesce(new.operator_id, ''), new.event, new.accepted, 1 - new.accepted)
            ${scanUpsert};
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger scan_counts_add after insert on scans
        for each row execute function scan_counts_add()`,
      )
      .execute(db);
    await sql
      .raw(
        `create function cycle_time_counts_bump(p_factory text, p_per text, p_stage text,
          p_retailer text, p_a text, p_b text, p_n integer) returns void language plpgsql as $$
        begin
          if p_a is null or p_b is null or p_retailer is null then return; end if;
          insert into cycle_time_counts (factory_id, per, stage, hour, retailer_id, bin, n)
          values (p_factory, p_per, p_stage, ${hourOf('p_b')}, p_retailer, ${binOf('p_a', 'p_b')}, p_n)
          ${cycleUpsert};
        end $$`,
      )
      .execute(db);
    for (const [per, table, retailer] of [
      ['piece', 'pieces', '(select retailer_id from orders where id = r.order_id)'],
      ['order', 'orders', 'r.retailer_id'],
    ] as const) {
      const bumps = (row: 'old' | 'new', n: number) =>
        stages
          .map(
            ([stage, a, b]) => `if tg_op = '${row === 'old' ? 'DELETE' : 'INSERT'}'
              or old.${a} is distinct from new.${a} or old.${b} is distinct from new.${b} then
              r := ${row};
              perform cycle_time_counts_bump(r.factory_id, '${per}', '${stage}', ${retailer},
                r.${a}, r.${b}, ${n});
            end if;`,
          )
          .join('\n');
      await sql
        .raw(
          `create function ${table}_cycle_time_counts() returns trigger language plpgsql as $$
          declare r ${table}%rowtype;
          begin
            if tg_op <> 'INSERT' then ${bumps('old', -1)} end if;
            if tg_op <> 'DELETE' then ${bumps('new', 1)} end if;
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_cycle_time_counts
          after insert or delete or update of produced_at, in_stock_at, dispatched_at on ${table}
          for each row execute function ${table}_cycle_time_counts()`,
        )
        .execute(db);
    }
  } else {
    await sql
      .raw(
        `create trigger scan_counts_add after insert on scans
        when new.test_label = 0 and (new.accepted = 0 or new.piece_id is not null) begin
        insert into scan_counts (factory_id, slot, station_id, operator_id, event, accepted, refused)
        values (new.factory_id, ${slotOf('new.at')}, coalesce(new.station_id, ''),
          coalesce(new.operator_id, ''), new.event, new.accepted, 1 - new.accepted)
        ${scanUpsert};
      end`,
      )
      .execute(db);
    for (const [per, table, retailerOf] of [
      [
        'piece',
        'pieces',
        (r: string) => `(select retailer_id from orders where id = ${r}.order_id)`,
      ],
      ['order', 'orders', (r: string) => `${r}.retailer_id`],
    ] as const) {
      const bump = (row: 'old' | 'new', n: number, changed: boolean) =>
        stages
          .map(
            ([
              stage,
              a,
              b,
            ]) => `insert into cycle_time_counts (factory_id, per, stage, hour, retailer_id, bin, n)
              select ${row}.factory_id, '${per}', '${stage}', ${hourOf(`${row}.${b}`)}, ${retailerOf(row)},
                ${binOf(`${row}.${a}`, `${row}.${b}`)}, ${n}
              where ${row}.${a} is not null and ${row}.${b} is not null
                and ${retailerOf(row)} is not null
                ${changed ? `and (old.${a} is not new.${a} or old.${b} is not new.${b})` : ''}
              ${cycleUpsert};`,
          )
          .join('\n');
      await sql
        .raw(
          `create trigger ${table}_cycle_time_counts_insert after insert on ${table} begin
          ${bump('new', 1, false)}
        end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_cycle_time_counts_delete after delete on ${table} begin
          ${bump('old', -1, false)}
        end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_cycle_time_counts_update
          after update of produced_at, in_stock_at, dispatched_at on ${table} begin
          ${bump('old', -1, true)}
          ${bump('new', 1, true)}
        end`,
        )
        .execute(db);
    }
  }
}
