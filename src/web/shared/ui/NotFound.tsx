/** A client route that does not exist. */
export function NotFound() {
  return (
    <section className="page-message">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
    </section>
  );
}
