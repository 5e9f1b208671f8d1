import { perfilLabel, type Perfil as PerfilT } from '../../../shared/enums';
import { PERFIS_SERVIDOR } from '../../../shared/schemas/usuario-mapa';
import { UFS } from '../../../shared/ufs';
import type { Option } from '../../components/form/select-field';

/** The staff profiles (the fisher's is not a map user's). */
export const OPCOES_PERFIL: Option[] = PERFIS_SERVIDOR.map((p) => ({ value: String(p), label: perfilLabel[p as PerfilT] }));

/** The agencies as the server seeds them: the ministry and one SFPA per state (src/server/db/seeds/orgaos.ts). */
export const OPCOES_ORGAO: Option[] = [
  { value: 'MPA', label: 'MPA – Ministério da Pesca e Aquicultura' },
  ...UFS.map((u) => ({ value: `SFPA-${u.sigla}`, label: `SFPA-${u.sigla} – ${u.nome}` })),
];

export const OPCOES_UF: Option[] = UFS.map((u) => ({ value: u.sigla, label: `${u.sigla} – ${u.nome}` }));

