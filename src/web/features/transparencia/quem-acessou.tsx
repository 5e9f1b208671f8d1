import { useState } from 'react';
import { formatarDataHora } from '../../../shared/datas';
import { MENSAGENS_AUDITORIA } from '../../../shared/mensagens/auditoria';
import type { AcessoAosMeusDados } from '../../../shared/schemas/auditoria';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { mensagemErro } from '../../lib/api';
import { baixarMeusDados, baixarMeusDadosPdf, useAcessosAosMeusDados } from './transparencia-api';
import './transparencia.css';

const COLUNAS: Coluna<AcessoAosMeusDados>[] = [
  { titulo: 'Quando', classe: 'transparencia-nowrap', celula: (a) => formatarDataHora(a.criadoEm) },
  { titulo: 'Órgão', celula: (a) => (a.nomeOrgao && a.orgao ? `${a.nomeOrgao} (${a.orgao})` : (a.orgao ?? 'Não informado')) },
  { titulo: 'Perfil', celula: (a) => a.perfil },
  { titulo: 'O que foi feito', celula: (a) => a.descricao },
];

/** "Quem acessou meus dados" (decision 0032): the agency and the profile, never the person. */
export function QuemAcessouMeusDados() {
  const acessos = useAcessosAosMeusDados();
  const linhas = acessos.data?.pages.flatMap((p) => p.acessos) ?? [];
  let corpo;
  if (acessos.isPending) corpo = <Loading label="Carregando quem acessou seus dados…" />;
  else if (acessos.isError) corpo = <Message kind="danger" title={MENSAGENS_AUDITORIA.erroAcessos} alert />;
  else if (linhas.length === 0) corpo = <p>{MENSAGENS_AUDITORIA.nenhumAcesso}</p>;
  else {
    corpo = (
      <>
        <TabelaCartoes
          legenda="Acessos de servidores aos seus dados, dos mais recentes aos mais antigos"
          legendaOculta
          compacta
          colunas={COLUNAS}
          linhas={linhas}
          chave={(a) => a.id}
        />
        {acessos.hasNextPage && (
          <button
            type="button"
            className="br-button secondary mt-2"
            disabled={acessos.isFetchingNextPage}
            onClick={() => void acessos.fetchNextPage()}
          >
            {acessos.isFetchingNextPage ? 'Carregando…' : 'Ver acessos mais antigos'}
          </button>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="titulo-quem-acessou" className="mt-4">
      <h2 id="titulo-quem-acessou">Quem acessou meus dados</h2>
      <p>
        Pela Lei Geral de Proteção de Dados (LGPD), você pode saber quando servidores visualizaram ou alteraram seus
        dados. Mostramos o órgão e o perfil de quem acessou.
      </p>
      {corpo}
      <BaixarMeusDados />
    </section>
  );
}

/** Twice: a PDF to read on a phone, and the JSON file for another system. */
export function BaixarMeusDados() {
  const [estado, setEstado] = useState<'pronto' | 'pdf' | 'json' | 'feito' | { erro: string }>('pronto');
  async function baixar(formato: 'pdf' | 'json') {
    setEstado(formato);
    try {
      await (formato === 'pdf' ? baixarMeusDadosPdf() : baixarMeusDados());
      setEstado('feito');
    } catch (e) {
      setEstado({ erro: mensagemErro(e, MENSAGENS_AUDITORIA.erroExportar) });
    }
  }
  const baixando = estado === 'pdf' || estado === 'json';
  return (
    <div className="mt-3">
      <p id="dica-baixar-dados">
        Baixe uma cópia de tudo o que o registro guarda sobre você: cadastro, solicitações, REAPs, documentos enviados
        (só os nomes e tipos), notificações, canais de aviso, delegações a entidades e quem acessou seus dados. O PDF é para ler e imprimir; o JSON traz os
        mesmos dados para outros sistemas.
      </p>
      <div className="baixar-meus-dados">
        <button
          type="button"
          className="br-button primary"
          aria-describedby="dica-baixar-dados"
          disabled={baixando}
          onClick={() => void baixar('pdf')}
        >
          <i className="fas fa-file-pdf" aria-hidden="true" /> {estado === 'pdf' ? 'Preparando o PDF…' : 'Baixar meus dados em PDF'}
        </button>
        <button
          type="button"
          className="br-button secondary"
          aria-describedby="dica-baixar-dados"
          disabled={baixando}
          onClick={() => void baixar('json')}
        >
          <i className="fas fa-download" aria-hidden="true" /> {estado === 'json' ? 'Preparando o arquivo…' : 'Baixar meus dados em JSON'}
        </button>
      </div>
      <div aria-live="polite" className="mt-2">
        {estado === 'feito' && <Message kind="success" title={MENSAGENS_AUDITORIA.exportado} />}
        {typeof estado === 'object' && <Message kind="danger" title={estado.erro} />}
      </div>
    </div>
  );
}
