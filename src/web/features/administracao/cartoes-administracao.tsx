import { Link } from 'react-router';
import {
  ROTA_ADMIN_ATOS, ROTA_ADMIN_AUDITORIA, ROTA_ADMIN_FORCAS_TAREFA, ROTA_ADMIN_HORARIO_ACESSO, ROTA_ADMIN_LOTE, ROTA_ADMIN_PRAZOS_REAP, ROTA_ADMIN_RELATORIO,
  ROTA_ADMIN_CLIENTES_INTEGRACAO, ROTA_ADMIN_USUARIOS,
} from '../../../shared/rotas-web';
import { useSession } from '../../lib/session';
import { pode, type Permissao } from '../../../shared/permissoes';
import './administracao.css';

interface Cartao {
  titulo: string;
  descricao: string;
  href: string;
  icone: string;
  /** Only for those who manage (GESTOR, ADMIN); CONSULTA_INTERNO reads the others. */
  gestao: boolean;
  /** A narrower permission than managing, when the area needs one. */
  permissao?: Permissao;
}

/** The administration's areas (spec point 2's admin screens and what the state half adds). */
export const CARTOES: readonly Cartao[] = [
  { titulo: 'Usuários', descricao: 'Servidores com acesso ao sistema: perfil, órgão, validade e horário de acesso.', href: ROTA_ADMIN_USUARIOS, icone: 'fa-users', gestao: false },
  { titulo: 'Horários de acesso', descricao: 'Horário de expediente de cada órgão.', href: ROTA_ADMIN_HORARIO_ACESSO, icone: 'fa-clock', gestao: false },
  { titulo: 'Atos normativos', descricao: 'Atos que fundamentam forças-tarefa e processamentos em lote.', href: ROTA_ADMIN_ATOS, icone: 'fa-gavel', gestao: false },
  { titulo: 'Forças-tarefa', descricao: 'Servidores que analisam solicitações de outras UFs até a data limite.', href: ROTA_ADMIN_FORCAS_TAREFA, icone: 'fa-people-carry', gestao: false },
  { titulo: 'Processamento em lote', descricao: 'Cancelar, suspender ou reativar registros por arquivo ou lista de CPFs.', href: ROTA_ADMIN_LOTE, icone: 'fa-layer-group', gestao: true },
  { titulo: 'Prazos da REAP', descricao: 'Prazo de preenchimento de cada ano de referência, com o ato normativo que o define ou prorroga.', href: ROTA_ADMIN_PRAZOS_REAP, icone: 'fa-calendar-alt', gestao: true },
  { titulo: 'Relatório de pescadores', descricao: 'Pescadores por características, com filtros.', href: ROTA_ADMIN_RELATORIO, icone: 'fa-file-alt', gestao: false },
  { titulo: 'Auditoria', descricao: 'Quem fez o quê, quando e de onde.', href: ROTA_ADMIN_AUDITORIA, icone: 'fa-search', gestao: true },
  {
    titulo: 'Clientes de integração', descricao: 'Sistemas de outros órgãos que consultam o registro: credenciais, escopos e revogação.',
    href: ROTA_ADMIN_CLIENTES_INTEGRACAO, icone: 'fa-plug', gestao: true, permissao: 'integracao.gerir',
  },
];

/** /administracao: one card per area the signed-in profile may open. */
export function CartoesAdministracao() {
  const session = useSession();
  const gestor = pode(session?.perfil, 'administracao.gerir');
  const cartoes = CARTOES.filter((c) => (gestor || !c.gestao) && (!c.permissao || pode(session?.perfil, c.permissao)));
  return (
    <ul className="admin-cartoes">
      {cartoes.map((c) => (
        <li key={c.href} className="br-card admin-cartao">
          <div className="card-content">
            <h2 className="admin-cartao-titulo">
              <i className={`fas ${c.icone}`} aria-hidden="true" />
              <Link to={c.href}>{c.titulo}</Link>
            </h2>
            <p>{c.descricao}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
