import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CorpoDe } from '../../../shared/contrato';
import type * as contratos from '../../../shared/contratos/integracao';
import { formatarDataHora } from '../../../shared/datas';
import { problemasDoCorpo } from '../../../shared/schemas/formulario';
import {
  assinaturaWebhookCriacao, DESCRICAO_TIPOS_EVENTO, EstadoEntregaWebhook, TIPOS_EVENTO_INTEGRACAO, type AssinaturaWebhook,
  type AssinaturaWebhookCriada, type ClienteIntegracao,
} from '../../../shared/schemas/integracao';
import { ErrorSummary } from '../../components/error-summary';
import { CheckboxGroup } from '../../components/form/checkbox-group';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { showToast } from '../../lib/toast';
import {
  criarAssinaturaWebhook, desativarAssinaturaWebhook, reativarAssinaturaWebhook, reenviarEntregaWebhook, useAssinaturasWebhook,
  useEntregasWebhook, webhooksKeys,
} from './integracao-api';

type Corpo = CorpoDe<typeof contratos.criarAssinaturaWebhook>;

const CAMPOS: Record<string, string> = { clienteId: 'webhook-cliente', url: 'webhook-url', tipos: 'webhook-tipos' };

const ROTULO_ESTADO: Record<string, string> = {
  [EstadoEntregaWebhook.PENDENTE]: 'Pendente',
  [EstadoEntregaWebhook.ENTREGUE]: 'Entregue',
  [EstadoEntregaWebhook.ESTACIONADA]: 'Estacionada (falhou por um dia)',
};

/** The signing secret, shown once: the server keeps it only encrypted, to sign. */
function SegredoMostrado({ criada, aoFechar }: { criada: AssinaturaWebhookCriada; aoFechar: () => void }) {
  const titulo = useRef<HTMLHeadingElement>(null);
  useEffect(() => titulo.current?.focus(), [criada]);
  return (
    <section className="br-card p-3 mb-4" aria-labelledby="titulo-segredo-webhook">
      <h3 id="titulo-segredo-webhook" ref={titulo} tabIndex={-1}>Segredo do webhook de {criada.assinatura.cliente}</h3>
      <Message kind="warning" title="Guarde o segredo agora: ele não será mostrado de novo." />
      <p>O órgão confere cada entrega com ele (padrão Standard Webhooks: cabeçalhos webhook-id, webhook-timestamp e webhook-signature).</p>
      <p><code data-testid="segredo-webhook">{criada.segredo}</code></p>
      <button type="button" className="br-button secondary" onClick={aoFechar}>Já guardei o segredo</button>
    </section>
  );
}

/** A subscription's latest deliveries, each replayable. */
function Entregas({ assinatura }: { assinatura: AssinaturaWebhook }) {
  const query = useEntregasWebhook(assinatura.id);
  const queryClient = useQueryClient();
  async function reenviar(entregaId: number) {
    try {
      await reenviarEntregaWebhook(assinatura.id, entregaId);
      showToast('success', 'Entrega posta na fila de novo.');
      await queryClient.invalidateQueries({ queryKey: webhooksKeys.entregas(assinatura.id) });
    } catch (error) {
      showToast('error', mensagemErro(error, 'Não foi possível reenviar a entrega.'));
    }
  }
  return (
    <section aria-labelledby={`titulo-entregas-${assinatura.id}`} className="mt-3">
      <h3 id={`titulo-entregas-${assinatura.id}`}>Entregas recentes para {assinatura.url}</h3>
      {query.isPending && <Loading label="Carregando as entregas…" />}
      {query.isError && <Message kind="danger" title="Não foi possível consultar as entregas." alert />}
      {query.data?.length === 0 && <p>Nenhuma entrega ainda.</p>}
      {query.data && query.data.length > 0 && (
        <div className="tabela-rolavel" tabIndex={0} aria-label="Entregas do webhook, tabela rolável">
          <table>
            <thead>
              <tr>
                <th scope="col">Evento</th>
                <th scope="col">Situação</th>
                <th scope="col">Tentativas</th>
                <th scope="col">Última resposta</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((e) => (
                <tr key={e.id}>
                  <td>{DESCRICAO_TIPOS_EVENTO[e.tipo as keyof typeof DESCRICAO_TIPOS_EVENTO] ?? e.tipo}<br /><small>msg_{e.eventoId}</small></td>
                  <td>
                    {ROTULO_ESTADO[e.estado]}
                    {e.entregueEm && <><br /><small>em {formatarDataHora(e.entregueEm)}</small></>}
                    {e.proximaTentativaEm && <><br /><small>próxima tentativa {formatarDataHora(e.proximaTentativaEm)}</small></>}
                  </td>
                  <td>{e.tentativas}</td>
                  <td>{e.ultimoErro ?? (e.ultimoStatus ? `HTTP ${e.ultimoStatus}` : '—')}</td>
                  <td>
                    {e.estado !== EstadoEntregaWebhook.PENDENTE && (
                      <button type="button" className="br-button secondary small" onClick={() => void reenviar(e.id)}
                        aria-label={`Reenviar a entrega msg_${e.eventoId}`}>Reenviar</button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** ADMIN subscribes a client's HTTPS endpoint to event kinds and follows its deliveries (decision 0122). */
export function WebhooksIntegracao({ clientes }: { clientes: ClienteIntegracao[] }) {
  const query = useAssinaturasWebhook();
  const queryClient = useQueryClient();
  const [clienteId, setClienteId] = useState('');
  const [url, setUrl] = useState('');
  const [tipos, setTipos] = useState<string[]>([]);
  const [erros, setErros] = useState<{ field: string; message: string }[]>([]);
  const [tentativa, setTentativa] = useState(0);
  const [salvando, setSalvando] = useState(false);
  const [criada, setCriada] = useState<AssinaturaWebhookCriada | null>(null);
  const [aberta, setAberta] = useState<AssinaturaWebhook | null>(null);
  const erroDe = (campo: string) => erros.find((e) => e.field === CAMPOS[campo])?.message;
  const aptos = clientes.filter((c) => !c.revogadoEm && c.escopos.includes('integracao.eventos'));

  async function assinar(e: React.FormEvent) {
    e.preventDefault();
    const corpo = { clienteId: clienteId ? Number(clienteId) : undefined, url, tipos } as Corpo;
    const problemas = problemasDoCorpo(assinaturaWebhookCriacao, corpo)
      .map((p) => ({ field: CAMPOS[String(p.path[0])] ?? 'webhook-url', message: p.message }));
    setErros(problemas);
    if (problemas.length > 0) {
      setTentativa((n) => n + 1);
      return;
    }
    setSalvando(true);
    try {
      setCriada(await criarAssinaturaWebhook(corpo));
      setUrl('');
      setTipos([]);
      await queryClient.invalidateQueries({ queryKey: webhooksKeys.lista });
    } catch (error) {
      showToast('error', mensagemErro(error, 'Não foi possível assinar o webhook.'));
    } finally {
      setSalvando(false);
    }
  }

  async function alternar(a: AssinaturaWebhook) {
    try {
      if (a.desativadaEm) {
        await reativarAssinaturaWebhook(a.id);
        showToast('success', 'Webhook reativado.');
      } else {
        if (!(await confirmar({ text: `As entregas para ${a.url} ficarão guardadas até a reativação.` }))) return;
        await desativarAssinaturaWebhook(a.id);
        showToast('success', 'Webhook desativado.');
      }
      await queryClient.invalidateQueries({ queryKey: webhooksKeys.lista });
    } catch (error) {
      showToast('error', mensagemErro(error, 'Não foi possível mudar o webhook.'));
    }
  }

  return (
    <section aria-labelledby="titulo-webhooks" className="mt-4">
      <h2 id="titulo-webhooks">Webhooks</h2>
      <p>
        Cada mudança do feed que o órgão escolher é enviada ao endereço HTTPS dele, assinada; uma falha é repetida com espera crescente
        por um dia. Um endereço que falha seguidamente é desativado e a administração é avisada por e-mail.
      </p>
      {criada && <SegredoMostrado criada={criada} aoFechar={() => setCriada(null)} />}
      <form aria-labelledby="titulo-novo-webhook" noValidate onSubmit={(e) => void assinar(e)}>
        <h3 id="titulo-novo-webhook">Novo webhook</h3>
        <ErrorSummary errors={erros} attempt={tentativa} />
        <SelectField id="webhook-cliente" label="Cliente de integração" value={clienteId} onChange={setClienteId} error={erroDe('clienteId')}
          hint="Só clientes ativos com o escopo integracao.eventos"
          options={aptos.map((c) => ({ value: String(c.id), label: `${c.nome} (${c.orgao})` }))} />
        <TextField id="webhook-url" label="Endereço (https://)" type="url" value={url} onChange={(e) => setUrl(e.target.value)} error={erroDe('url')} />
        <CheckboxGroup id="webhook-tipos" name="webhook-tipos" legend="Tipos de evento" value={tipos} onChange={setTipos} error={erroDe('tipos')}
          options={TIPOS_EVENTO_INTEGRACAO.map((t) => ({ value: t, label: `${DESCRICAO_TIPOS_EVENTO[t]} (${t})` }))} />
        <div className="form-actions">
          <button type="submit" className="br-button primary" disabled={salvando}>{salvando ? 'Assinando…' : 'Assinar webhook'}</button>
        </div>
      </form>
      <h3 className="mt-4">Webhooks assinados</h3>
      {query.isPending && <Loading label="Carregando os webhooks…" />}
      {query.isError && <Message kind="danger" title="Não foi possível consultar os webhooks." alert />}
      {query.data?.length === 0 && <p>Nenhum webhook assinado.</p>}
      {query.data && query.data.length > 0 && (
        <div className="tabela-rolavel" tabIndex={0} aria-label="Webhooks assinados, tabela rolável">
          <table>
            <thead>
              <tr>
                <th scope="col">Cliente e endereço</th>
                <th scope="col">Entregas</th>
                <th scope="col">Situação</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((a) => (
                <tr key={a.id}>
                  <td>{a.cliente}<br /><small>{a.url}</small><br /><small>{a.tipos.join(', ')}</small></td>
                  <td>{a.entregues} entregues · {a.pendentes} pendentes · {a.estacionadas} estacionadas</td>
                  <td>{a.desativadaEm ? `Desativado em ${formatarDataHora(a.desativadaEm)}: ${a.motivoDesativacao ?? ''}` : 'Ativo'}</td>
                  <td>
                    <button type="button" className="br-button secondary small" onClick={() => setAberta(a)}
                      aria-label={`Ver as entregas para ${a.url}`}>Ver entregas</button>
                    <button type="button" className="br-button secondary small" onClick={() => void alternar(a)}
                      aria-label={`${a.desativadaEm ? 'Reativar' : 'Desativar'} o webhook ${a.url}`}>{a.desativadaEm ? 'Reativar' : 'Desativar'}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {aberta && <Entregas assinatura={aberta} />}
    </section>
  );
}
