import { Type, type Static } from '@sinclair/typebox';
import { OPERATOR_LANGUAGES } from '../../domain/operator-badge.js';
import type { OperatorView } from '../../core/operators/operators.js';
import { IsoDateTime, Strict, StringEnum } from './common.js';
import type { Assert, Same } from './same-shape.js';

export const OperatorLanguage = StringEnum(OPERATOR_LANGUAGES);

/** A person at stations, not a user: signs in by scanning their badge (DESIGN §17). */
export const Operator = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('operator'),
    name: Type.String(),
    badge: Type.String({
      description: '`OP 000001`: scanned at a station, it signs the operator in.',
    }),
    language: OperatorLanguage,
    active: Type.Boolean({ description: "An inactive operator's badge is refused at stations." }),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  { $id: 'Operator' },
);

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

export const OperatorCreate = Strict(
  {
    name: Name,
    language: Type.Optional(OperatorLanguage),
  },
  { $id: 'OperatorCreate' },
);

export const OperatorPatch = Strict(
  {
    name: Type.Optional(Name),
    language: Type.Optional(OperatorLanguage),
    active: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1, $id: 'OperatorUpdate' },
);

export type Operator = Static<typeof Operator>;
export type _OperatorSame = Assert<Same<Operator, OperatorView>>;
