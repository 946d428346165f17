import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  createPairingCode,
  getPairingCode,
  pairStation,
} from '../../core/stations/pairing-codes.js';
import { listHardwareChecks, recordHardwareCheck } from '../../core/stations/hardware-checks.js';
import {
  getStation,
  listStations,
  revokeStation,
  updateStation,
} from '../../core/stations/stations.js';
import { AppError } from '../../domain/errors.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf, movedRoute } from '../route-helpers.js';
import { stationAddressOf } from '../station-address.js';
import {
  IdParams,
  IsoDateTime,
  ListOf,
  ListQuerySchema,
  Nullable,
  Strict,
  StringEnum,
} from '../schemas/common.js';
import { HardwareCheck, HardwareCheckBody } from '../schemas/hardware-check.js';
import { Role, StationName, Bay, Station } from '../schemas/stations.js';
import { coreOf } from '../idempotency.js';

/** Pairing failures that count against the caller's address (unknown, used, expired codes). */
const PAIRING_FAILURES = new Set(['invalid_pairing_code', 'pairing_code_expired']);

export async function stationsRoutes(
  app: FastifyInstance,
  { core, limiters, reach }: RouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  for (const { url, config } of movedRoute('/v1/pairing-codes', '/v1/stations/pairing-codes')) {
    r.post(
      url,
      {
        config: { ...config, idempotent: true },
        schema: {
          operationId: 'createPairingCode',
          description:
            'Issues a single-use pairing code (valid 600 seconds) for a new station of the given role, with a URL a phone camera can open.',
          tags: ['stations'],
          summary: 'Issue a single-use pairing code for a new station (valid 600 seconds)',
          body: Strict({ name: StationName, role: Role }),
          response: {
            200: Type.Object(
              {
                id: Type.String(),
                code: Type.String(),
                qr: Type.String({
                  description: '`<station_app_scheme>://pair?code=…`, for native station apps',
                }),
                pair_url: Type.String({
                  description:
                    'The station page with this code (`<public_url>/station#code=…`): a phone camera opens it and the page pairs by itself. Without public_url, built from the address this request came in on.',
                }),
                loopback_only: Type.Boolean({
                  description:
                    'True when no public_url is set and factoryd listens on a loopback address only: pair_url then opens on the server itself only (start it with --host 0.0.0.0, or set public_url).',
                }),
                expires_in_seconds: Type.Integer(),
                expires_at: IsoDateTime,
                name: Type.String(),
                role: Role,
              },
              {
                $id: 'PairingCodeIssued',
                description: 'The code to show or send to the new station, and where it opens.',
              },
            ),
          },
        },
      },
      async (request) =>
        createPairingCode(
          coreOf(request, core),
          factoryOf(request),
          request.body,
          stationAddressOf(request, reach),
        ),
    );
  }

  for (const { url, config } of movedRoute(
    '/v1/pairing-codes/:id',
    '/v1/stations/pairing-codes/:id',
  )) {
    r.get(
      url,
      {
        config,
        schema: {
          operationId: 'getPairingCode',
          description:
            'What became of a pairing code: `pending`, `paired` (with the station it made) or `expired`. Poll it after showing the code.',
          tags: ['stations'],
          summary: 'What became of a pairing code: pending, paired (with its station) or expired',
          params: IdParams,
          response: {
            200: Type.Object(
              {
                id: Type.String(),
                object: Type.Literal('pairing_code'),
                name: Type.String(),
                role: Role,
                status: StringEnum(['pending', 'paired', 'expired'] as const),
                created_at: IsoDateTime,
                expires_at: IsoDateTime,
                paired_at: Nullable(IsoDateTime),
                station_id: Nullable(Type.String()),
              },
              { $id: 'PairingCode' },
            ),
          },
        },
      },
      async (request) => getPairingCode(core, factoryOf(request), request.params.id),
    );
  }

  r.post(
    '/v1/stations/pair',
    {
      schema: {
        operationId: 'pairStation',
        description:
          "Pairs a device with a pairing code; needs no token. The answer holds the station token, once. Failed attempts count against the caller's address (429 beyond the limit).",
        tags: ['stations'],
        summary: 'Pair a device with a pairing code (no token); answers the station token once',
        security: [],
        body: Strict({ code: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: {
          200: Type.Object(
            {
              id: Type.String(),
              name: Type.String(),
              role: Role,
              token: Type.String(),
            },
            {
              $id: 'StationCredentials',
              description: 'The paired station and its token (shown this once).',
            },
          ),
        },
      },
    },
    async (request) => {
      // Failed attempts are counted per client address; a success is never throttled or counted.
      await limiters.pairing.check(request.ip);
      try {
        return await pairStation(core, request.body.code);
      } catch (err) {
        if (err instanceof AppError && PAIRING_FAILURES.has(err.code))
          await limiters.pairing.fail(request.ip);
        throw err;
      }
    },
  );

  r.get(
    '/v1/stations',
    {
      schema: {
        operationId: 'listStations',
        description: 'Lists stations, newest first, revoked ones included (with `revoked_at`).',
        tags: ['stations'],
        summary: 'List stations, newest first (revoked ones included, with revoked_at)',
        querystring: ListQuerySchema,
        response: { 200: ListOf(Station) },
      },
    },
    async (request) => listStations(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/stations/:id',
    {
      schema: {
        operationId: 'getStation',
        description: 'One station, with its last hardware check.',
        tags: ['stations'],
        summary: 'Get a station with its last hardware check',
        params: IdParams,
        response: { 200: Station },
      },
    },
    async (request) => getStation(core, factoryOf(request), request.params.id),
  );

  r.patch(
    '/v1/stations/:id',
    {
      schema: {
        operationId: 'updateStation',
        description: 'Renames a station or sets its default bay (null clears it).',
        tags: ['stations'],
        summary:
          'Rename a station, set its default bay, its consignment or its printer (null clears them)',
        params: IdParams,
        body: Strict({
          name: Type.Optional(StationName),
          default_location: Type.Optional(Nullable(Bay)),
          consignment_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
          printer_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
        }),
        response: { 200: Station },
      },
    },
    async (request) => updateStation(core, factoryOf(request), request.params.id, request.body),
  );

  r.delete(
    '/v1/stations/:id',
    {
      schema: {
        operationId: 'revokeStation',
        description: 'Revokes a station: its token stops working on the next request.',
        tags: ['stations'],
        summary: 'Revoke a station; its token stops working on the next request',
        params: IdParams,
        response: {
          200: Type.Object(
            {
              id: Type.String(),
              object: Type.Literal('station'),
              revoked_at: IsoDateTime,
            },
            { $id: 'StationRevoked' },
          ),
        },
      },
    },
    async (request) => revokeStation(core, factoryOf(request), request.params.id),
  );

  r.post(
    '/v1/stations/:id/hardware-check',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'recordHardwareCheck',
        description:
          "Records a scanner hardware check for a station (input mode, suffix, speed, symbologies); it becomes the station's last known state.",
        tags: ['stations'],
        summary: "Record a scanner hardware check; it becomes the station's last known state",
        params: IdParams,
        body: HardwareCheckBody,
        response: { 200: HardwareCheck },
      },
    },
    async (request) =>
      recordHardwareCheck(
        coreOf(request, core),
        factoryOf(request),
        request.params.id,
        request.body,
      ),
  );

  r.get(
    '/v1/stations/:id/hardware-checks',
    {
      schema: {
        operationId: 'listHardwareChecks',
        description: "A station's hardware checks, newest first.",
        tags: ['stations'],
        summary: "A station's hardware checks, newest first",
        params: IdParams,
        querystring: ListQuerySchema,
        response: { 200: ListOf(HardwareCheck) },
      },
    },
    async (request) =>
      listHardwareChecks(core, factoryOf(request), request.params.id, request.query),
  );
}
