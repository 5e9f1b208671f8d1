import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { TipoSolicitacao } from '../../../shared/enums';
import type { Documento } from '../../../shared/schemas/documento';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { aplicarEnvio, camposDocumentos, documentosDoCampo } from './campos';
import { CampoDocumentoSolicitacao } from './campo-documento';
import { documentosKeys, ERRO_CARREGAR_DOCUMENTOS, listarDocumentos } from './documentos-api';
import { useFilaDeDocumentos } from './use-fila-documentos';
import { caixaDe } from '../../offline/caixa-de-saida';
import { useRepresentado } from '../../lib/representacao';
import { useSession } from '../../lib/session';
import './documentos.css';

export interface DocumentosSolicitacaoProps {
  idSolicitacao: number;
  tipoSolicitacao: number;
  nacionalidadeBrasileira?: string | null;
  possuiEntidade?: boolean;
  somenteLeitura?: boolean;
  onDocumentosChange?: (documentos: Documento[]) => void;
  /** Default 3, under the wizard step's h2; a screen of its own passes 2. */
  nivelTitulo?: 2 | 3;
}

export function useDocumentosSolicitacao(idSolicitacao: number) {
  return useQuery({
    queryKey: documentosKeys.solicitacao(idSolicitacao),
    queryFn: () => listarDocumentos(idSolicitacao),
    enabled: idSolicitacao > 0,
    meta: { errorMessage: ERRO_CARREGAR_DOCUMENTOS },
  });
}

/** Spec points 4 and 5. */
export function DocumentosSolicitacao({
  idSolicitacao,
  tipoSolicitacao,
  nacionalidadeBrasileira,
  possuiEntidade,
  somenteLeitura = false,
  onDocumentosChange,
  nivelTitulo = 3,
}: DocumentosSolicitacaoProps) {
  const queryClient = useQueryClient();
  const query = useDocumentosSolicitacao(idSolicitacao);
  const campos = useMemo(
    () => camposDocumentos({ tipoSolicitacao, nacionalidadeBrasileira, possuiEntidade }),
    [tipoSolicitacao, nacionalidadeBrasileira, possuiEntidade],
  );
  const documentos = query.data;

  useEffect(() => {
    if (documentos) onDocumentosChange?.(documentos);
  }, [documentos, onDocumentosChange]);

  const key = documentosKeys.solicitacao(idSolicitacao);
  const onEnviado = (novo: Documento) =>
    queryClient.setQueryData<Documento[]>(key, (atuais) => aplicarEnvio(atuais ?? [], novo));
  // Staff only read.
  const session = useSession();
  const representado = useRepresentado();
  const fila = useFilaDeDocumentos(
    somenteLeitura ? undefined : caixaDe(session?.idCelular, representado?.idPescador) || undefined, idSolicitacao, onEnviado);
  const onRemovido = (id: number) =>
    queryClient.setQueryData<Documento[]>(key, (atuais) => (atuais ?? []).filter((d) => d.id !== id));

  const Titulo = nivelTitulo === 2 ? 'h2' : 'h3';
  const tituloId = `documentos-solicitacao-${idSolicitacao}`;
  let corpo;
  if (query.isPending) corpo = <Loading label="Carregando documentos…" />;
  else if (query.isError || !documentos) {
    corpo = (
      <>
        <Message kind="danger" title={ERRO_CARREGAR_DOCUMENTOS} alert />
        <button type="button" className="br-button secondary mt-2" onClick={() => void query.refetch()}>
          Tentar novamente
        </button>
      </>
    );
  } else {
    corpo = (
      <>
        {!somenteLeitura && (
          <p className="documentos-instrucoes">
            Envie um arquivo por documento. Fotos e imagens (PNG ou JPG) são reduzidas para 400×500 pixels antes do
            envio.{' '}
            {tipoSolicitacao === TipoSolicitacao.EDICAO_DOCUMENTOS
              ? 'Envie pelo menos um documento novo para enviar a solicitação.'
              : 'Os documentos marcados como obrigatórios são necessários para enviar a solicitação.'}
          </p>
        )}
        <div className="documentos-campos">
          {campos.map((campo) => (
            <CampoDocumentoSolicitacao
              key={campo.tipoEnvio}
              campo={campo}
              documentos={documentosDoCampo(campo, documentos)}
              todos={documentos}
              idSolicitacao={idSolicitacao}
              somenteLeitura={somenteLeitura}
              onEnviado={onEnviado}
              onRemovido={onRemovido}
              nivelTitulo={nivelTitulo === 2 ? 3 : 4}
              fila={fila.ativa ? { ...fila.doCampo(campo.tipoEnvio), adicionar: fila.adicionar, descartar: fila.descartar } : undefined}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <section className="documentos-solicitacao" aria-labelledby={tituloId}>
      <Titulo id={tituloId}>Documentos</Titulo>
      {corpo}
    </section>
  );
}
