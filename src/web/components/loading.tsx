/** A polite live region with a spinner and a text that screen readers announce. */
export function Loading({ label = 'Carregando…' }: { label?: string }) {
  return (
    <div className="app-loading" role="status">
      <span className="br-loading small" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
