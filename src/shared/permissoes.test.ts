import { describe, expect, it } from 'vitest';
import { chaveDoContrato } from './contrato';
import { CONTRATOS } from './contratos';
import { PERFIS_TODOS, PERMISSOES, pode } from './permissoes';
import { Perfil } from './enums';

/**
 * Who may call what is data (decision 0059), and the authorisation matrix proves the server obeys it. What this file
 * holds is the data itself, pinned: a change of any route's permission, or of any permission's callers, changes
 * the snapshot beside this file, so it cannot pass unseen in review (update it with `vitest -u` on purpose).
 */
describe('the permission table', () => {
  it('gives every route one permission, as pinned', () => {
    const porRota = Object.fromEntries(CONTRATOS.map((c) => [chaveDoContrato(c), c.permissao]).sort(([a], [b]) => a!.localeCompare(b!)));
    expect(Object.keys(porRota)).toHaveLength(CONTRATOS.length);
    expect(porRota).toMatchSnapshot();
  });

  it('gives every permission its callers, as pinned', () => {
    expect(PERMISSOES).toMatchSnapshot();
  });

  it('knows every profile, and answers for the anonymous caller', () => {
    expect([...PERFIS_TODOS].sort()).toEqual(Object.keys(Perfil).sort());
    expect(pode(null, 'publico')).toBe(true);
    expect(pode(null, 'sessao')).toBe(false);
    expect(pode(Perfil.CONSULTA_EXTERNO, 'relatorio.emitir')).toBe(true);
    expect(pode(Perfil.CONSULTA_EXTERNO, 'pescador.ler')).toBe(false);
    expect(pode(99, 'sessao')).toBe(false);
  });
});
