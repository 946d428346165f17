import { useQuery } from '@tanstack/react-query';
import { useApi } from '../shared/api/api-context.js';
import { call } from '../shared/api/client.js';
import { ErrorMessage } from '../shared/ui/ErrorMessage.js';

/** The staff app's first page: who is signed in, to which factory. Screens come next (orders…). */
export function StaffHome({ name }: { name: string }) {
  const api = useApi();
  const me = useQuery({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => call(api.GET('/v1/auth/me', { signal })),
  });
  return (
    <section>
      <h1>Welcome, {name}</h1>
      <ErrorMessage error={me.error} />
      {me.data && <p>Signed in to {me.data.factory.name}.</p>}
    </section>
  );
}
