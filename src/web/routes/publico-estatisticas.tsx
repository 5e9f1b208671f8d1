import { PageTitle } from '../components/page-title';
import { Estatisticas } from '../features/estatistica';

/** /estatisticas: the open statistics of the registry (public, no sign-in). */
export function EstatisticasRoute() {
  return (
    <>
      <PageTitle title="Estatísticas do registro de pescadores" />
      <p className="page-lead">Os números do Registro Geral da Atividade Pesqueira, abertos a todos.</p>
      <Estatisticas />
    </>
  );
}
