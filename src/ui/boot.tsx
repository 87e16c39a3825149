// The app, loaded by main.tsx once the worker and the catalog fetches are on their way.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App.tsx';
import './styles.css';
import { ErrorBoundary } from './panels/ErrorBoundary.tsx';
import { restoreState } from './useExplorerState.ts';

/** The last resort: the page could not render. Say so, and show the saved input so nothing is lost. */
function Crashed({ error }: { readonly error: Error }) {
  const input = restoreState()?.input ?? '';
  return (
    <main className="crashed" role="alert">
      <h1>Version Explorer stopped</h1>
      <p>Something failed while drawing the page: {error.message}</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </p>
      {input !== '' && (
        <>
          <p>Your last input (it is also restored when the page reloads):</p>
          <pre aria-label="Your last input">{input}</pre>
        </>
      )}
    </main>
  );
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: Infinity, retry: 1, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary fallback={(error) => <Crashed error={error} />}>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
}
