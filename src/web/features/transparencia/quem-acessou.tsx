import { useState } from 'react';
import { formatarDataHora } from '../../../shared/datas';
import { MENSAGENS_AUDITORIA } from '../../../shared/schemas/auditoria';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { baixarMeusDados, useAcessosAosMeusDados } from './transparencia-api';
import './transparencia.css';

/**
 * The fisher's /home section "Quem acessou meus dados" (LGPD transparency, decision 0032): each view or change of
 * their data by the staff, with the agency and the profile, never the person; and "Baixar meus dados".
 */
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
        <table className="tabela-cartoes tabela-cartoes-compacta" role="table">
          <caption className="sr-only">Acessos de servidores aos seus dados, dos mais recentes aos mais antigos</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">Quando</th>
              <th scope="col" role="columnheader">Órgão</th>
              <th scope="col" role="columnheader">Perfil</th>
              <th scope="col" role="columnheader">O que foi feito</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {linhas.map((a) => (
              <tr key={a.id} role="row">
                <th scope="row" role="rowheader" data-rotulo="Quando" className="transparencia-nowrap">
                  {formatarDataHora(a.criadoEm)}
                </th>
                <td role="cell" data-rotulo="Órgão">
                  {a.nomeOrgao && a.orgao ? `${a.nomeOrgao} (${a.orgao})` : (a.orgao ?? 'Não informado')}
                </td>
                <td role="cell" data-rotulo="Perfil">{a.perfil}</td>
                <td role="cell" data-rotulo="O que foi feito">{a.descricao}</td>
              </tr>
            ))}
          </tbody>
        </table>
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

/** "Baixar meus dados": the registry, requests, documents' metadata and notifications as a JSON file. */
export function BaixarMeusDados() {
  const [estado, setEstado] = useState<'pronto' | 'baixando' | 'feito' | { erro: string }>('pronto');
  async function baixar() {
    setEstado('baixando');
    try {
      await baixarMeusDados();
      setEstado('feito');
    } catch (e) {
      setEstado({ erro: mensagemErro(e, MENSAGENS_AUDITORIA.erroExportar) });
    }
  }
  return (
    <div className="mt-3">
      <p id="dica-baixar-dados">
        Baixe uma cópia de tudo o que o registro guarda sobre você: cadastro, solicitações, documentos enviados (só os
        nomes e tipos) e notificações, em um arquivo JSON.
      </p>
      <button
        type="button"
        className="br-button secondary"
        aria-describedby="dica-baixar-dados"
        disabled={estado === 'baixando'}
        onClick={() => void baixar()}
      >
        <i className="fas fa-download" aria-hidden="true" /> {estado === 'baixando' ? 'Preparando o arquivo…' : 'Baixar meus dados'}
      </button>
      <div aria-live="polite" className="mt-2">
        {estado === 'feito' && <Message kind="success" title={MENSAGENS_AUDITORIA.exportado} />}
        {typeof estado === 'object' && <Message kind="danger" title={estado.erro} />}
      </div>
    </div>
  );
}
