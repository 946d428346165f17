/** The portal's first page. Screens come next (the retailer's orders). */
export function PortalHome({ retailer }: { retailer: string }) {
  return (
    <section>
      <h1>{retailer}</h1>
      <p>Your orders will be listed here.</p>
    </section>
  );
}
