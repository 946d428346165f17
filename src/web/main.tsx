import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { faceOf } from './face.js';
import { ErrorBoundary } from './shared/ui/ErrorBoundary.js';
import './shared/ui/base.css';

// Each face is its own chunk: the station page loads none of the staff app's or portal's code.
const FACES = {
  station: lazy(() => import('./station/StationFace.js')),
  portal: lazy(() => import('./portal/PortalFace.js')),
  staff: lazy(() => import('./staff/StaffFace.js')),
  board: lazy(() => import('./board/BoardFace.js')),
};

const Face = FACES[faceOf(location.pathname)];

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <Suspense fallback={<p className="loading">Loading…</p>}>
        <Face />
      </Suspense>
    </ErrorBoundary>
  </StrictMode>,
);
