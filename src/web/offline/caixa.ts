/**
 * The outbox of a signed-in person (their phone id, `idCelular`) for one subject: their own without `idPescador`,
 * that fisher's when the person acts for a fisher (decision 0076). '' (no phone id) keeps nothing. Apart from the
 * outbox so that the layout every screen loads carries nothing more of it.
 */
export function caixaDe(idCelular: string | undefined, idPescador?: number): string {
  if (!idCelular) return '';
  return idPescador === undefined ? idCelular : `${idCelular}/pescador-${idPescador}`;
}

/** The fisher whose outbox it is; null for the person's own. */
export function pescadorDaCaixa(caixa: string): number | null {
  const m = /\/pescador-(\d+)$/.exec(caixa);
  return m ? Number(m[1]) : null;
}
