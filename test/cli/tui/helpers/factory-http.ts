/**
 * A bare HTTP client for setting up and checking what the terminal UI did, independent of the
 * client the UI itself uses.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}: ${JSON.stringify(body)}`);
  }
}

export interface FactoryHttp {
  request<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  get<T = Record<string, unknown>>(path: string): Promise<T>;
  post<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T>;
  /** The status code only, for checking that a token stopped working. */
  status(method: string, path: string): Promise<number>;
}

export function factoryHttp(url: string, token: string | undefined): FactoryHttp {
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new HttpError(response.status, json);
    return json as T;
  };
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body ?? {}),
    status: async (method, path) => {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const response = await fetch(url + path, { method, headers });
      await response.arrayBuffer();
      return response.status;
    },
  };
}

/** Pairs a station through the public pairing handshake and returns its token. */
export async function pairStation(
  url: string,
  apiKey: string,
  name: string,
  role: 'produce' | 'stock' | 'dispatch',
): Promise<{ id: string; token: string }> {
  const admin = factoryHttp(url, apiKey);
  const { code } = await admin.post<{ code: string }>('/v1/stations/pairing-codes', { name, role });
  return factoryHttp(url, undefined).post('/v1/stations/pair', { code });
}

/**
 * A dispatched piece, made the way the floor makes one: a retailer and an order, the piece
 * produced and dispatched at paired stations.
 */
export async function dispatchedPiece(
  url: string,
  apiKey: string,
  orderNo: string,
): Promise<{ barcode: string }> {
  const admin = factoryHttp(url, apiKey);
  const code = `R${orderNo.replace(/[^A-Z0-9]/gi, '').toUpperCase()}`.slice(0, 12);
  const retailer = await admin.post<{ id: string }>('/v1/retailers', {
    name: `Shop ${orderNo}`,
    code,
  });
  const order = await admin.post<{ pieces: Array<{ barcode: string }> }>('/v1/orders', {
    order_no: orderNo,
    retailer_id: retailer.id,
    lines: [{ sku: 'SOFA-3S', colour: 'Grey', qty: 1, pieces_per_unit: 1 }],
  });
  const barcode = order.pieces[0]!.barcode;
  const maker = await pairStation(url, apiKey, `Make ${orderNo}`, 'produce');
  const loader = await pairStation(url, apiKey, `Load ${orderNo}`, 'dispatch');
  for (const station of [maker, loader]) {
    const scan = await factoryHttp(url, station.token).post<{ accepted: boolean }>('/v1/scans', {
      barcode,
    });
    if (!scan.accepted) throw new Error(`scan refused: ${JSON.stringify(scan)}`);
  }
  return { barcode };
}

/** An open return on a dispatched piece (see `dispatchedPiece`), taken back with a reason. */
export async function openReturn(
  url: string,
  apiKey: string,
  orderNo: string,
): Promise<{ id: string; barcode: string }> {
  const { barcode } = await dispatchedPiece(url, apiKey, orderNo);
  const created = await factoryHttp(url, apiKey).post<{ id: string }>('/v1/returns', {
    barcode,
    reason: 'torn cover',
  });
  return { id: created.id, barcode };
}
