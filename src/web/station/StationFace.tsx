/** The station page at `/station` (being built: pairing and the scan loop come next). */
export default function StationFace() {
  return (
    <main className="page-message">
      <h1>Station</h1>
      <p>This device is not paired yet.</p>
    </main>
  );
}
