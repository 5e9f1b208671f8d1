import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { canalNotificacaoLabel, SituacaoEnvio, situacaoEnvioLabel, type CanalNotificacao } from '../../../shared/enums';
import { MENSAGENS_NOTIFICACAO } from '../../../shared/mensagens/notificacao';
import type { EnvioNotificacao, PreferenciasNotificacao, PreferenciasNotificacaoCorpo } from '../../../shared/schemas/notificacao';
import { CheckboxField } from '../../components/form/checkbox-field';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { TabelaCartoes, type Coluna } from '../../components/tabela-cartoes';
import { mensagemErro } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { showToast } from '../../lib/toast';
import { canaisKeys, salvarPreferencias, useEnvios, usePreferencias } from './canais-api';
import { subtituloNotificacao } from './notificacoes-api';

type Escolhas = PreferenciasNotificacaoCorpo;

function escolhasDe(p: PreferenciasNotificacao): Escolhas {
  return { email: p.email, sms: p.sms, govbr: p.govbr };
}

/** Why a channel the fisher keeps on may still send nothing: the registry lacks the address. */
function dicaDoCanal(canal: keyof Escolhas, p: PreferenciasNotificacao): string {
  if (canal === 'email') {
    return p.temEmail ? 'Para o e-mail do seu cadastro.' : 'Seu cadastro não tem e-mail: nada será enviado por e-mail até você cadastrar um.';
  }
  if (canal === 'sms') {
    return p.temCelular
      ? 'Mensagem curta para o celular do seu cadastro, dizendo onde ver o aviso.'
      : 'Seu cadastro não tem celular: nada será enviado por SMS até você cadastrar um.';
  }
  return 'Na caixa postal da sua conta gov.br.';
}

const CANAIS: readonly { chave: keyof Escolhas; rotulo: string }[] = [
  { chave: 'email', rotulo: 'E-mail' },
  { chave: 'sms', rotulo: 'SMS' },
  { chave: 'govbr', rotulo: 'Caixa postal gov.br' },
];

/**
 * The fisher's channels (decision 0156): each of e-mail, SMS and the gov.br mailbox can be turned off; the screen's
 * notice is the record and stays on. Saved with one button, so a slip on a checkbox sends nothing.
 */
export function PreferenciasCanais() {
  const query = usePreferencias();
  if (query.isPending) return <Loading label="Carregando as suas preferências…" />;
  if (query.isError) {
    return (
      <>
        <Message kind="danger" title={mensagemErro(query.error, MENSAGENS_NOTIFICACAO.erroPreferencias)} alert />
        <p className="mt-3">
          <button type="button" className="br-button secondary" onClick={() => void query.refetch()}>Tentar novamente</button>
        </p>
      </>
    );
  }
  return <FormularioCanais preferencias={query.data} />;
}

function FormularioCanais({ preferencias }: { preferencias: PreferenciasNotificacao }) {
  const qc = useQueryClient();
  const legenda = useId();
  const [escolhas, setEscolhas] = useState<Escolhas>(() => escolhasDe(preferencias));
  const [salvo, setSalvo] = useState<string | null>(null);

  const salvar = useMutation({
    mutationFn: salvarPreferencias,
    onSuccess: ({ preferencias: p, mensagem }) => {
      qc.setQueryData(canaisKeys.preferencias, p);
      setSalvo(mensagem || MENSAGENS_NOTIFICACAO.preferenciasSalvas);
      showToast('success', mensagem || MENSAGENS_NOTIFICACAO.preferenciasSalvas);
    },
    onError: (err) => showToast('error', mensagemErro(err, MENSAGENS_NOTIFICACAO.erroSalvarPreferencias)),
  });

  function enviar(e: FormEvent) {
    e.preventDefault();
    setSalvo(null);
    salvar.mutate(escolhas);
  }

  return (
    <form noValidate onSubmit={enviar} aria-labelledby={legenda}>
      <fieldset className="field">
        <legend id={legenda}>Receber avisos por</legend>
        <CheckboxField
          id="canal-tela" label="Tela do sistema" checked disabled readOnly
          hint="Sempre ligado: todo aviso fica guardado aqui e aparece quando você entra."
        />
        {CANAIS.map(({ chave, rotulo }) => (
          <CheckboxField
            key={chave} id={`canal-${chave}`} label={rotulo} hint={dicaDoCanal(chave, preferencias)}
            checked={escolhas[chave]}
            onChange={(e) => { setSalvo(null); setEscolhas((x) => ({ ...x, [chave]: e.target.checked })); }}
          />
        ))}
      </fieldset>
      <p role="status" className="field-hint">{salvo ?? ''}</p>
      <p className="mt-3">
        <button type="submit" className="br-button primary" disabled={salvar.isPending}>Salvar preferências</button>
      </p>
    </form>
  );
}

function quando(e: EnvioNotificacao): string {
  if (e.enviadaEm) return `Enviado em ${formatDateTime(e.enviadaEm)}`;
  if (e.proximaTentativaEm) return `Próxima tentativa em ${formatDateTime(e.proximaTentativaEm)}`;
  return '—';
}

const COLUNAS: readonly Coluna<EnvioNotificacao>[] = [
  { titulo: 'Aviso', celula: (e) => <>{subtituloNotificacao(e.tipo)}<br /><small>{formatDateTime(e.criadaEm)}</small></> },
  { titulo: 'Canal', celula: (e) => canalNotificacaoLabel[e.canal as CanalNotificacao] ?? '—' },
  {
    titulo: 'Situação',
    celula: (e) => (
      <>
        {situacaoEnvioLabel[e.situacao as SituacaoEnvio] ?? '—'}
        {e.situacao === SituacaoEnvio.FALHOU || (e.situacao === SituacaoEnvio.PENDENTE && e.tentativas > 0) ? ` (${e.tentativas} tentativas)` : ''}
      </>
    ),
  },
  { titulo: 'Entrega', celula: quando },
  { titulo: 'Motivo', celula: (e) => e.ultimoErro ?? '—' },
];

/**
 * Staff on the fisher's page: the delivery of the fisher's latest notices per channel. Read when asked (a button),
 * since the server records each reading as a view of the fisher's data.
 */
export function EnviosDoPescador({ idPescador }: { idPescador: number }) {
  const [ativo, setAtivo] = useState(false);
  const query = useEnvios(idPescador, ativo);
  if (!ativo) {
    return (
      <button type="button" className="br-button secondary" onClick={() => setAtivo(true)}>
        <i className="fas fa-paper-plane" aria-hidden="true" /> Ver a entrega dos avisos
      </button>
    );
  }
  if (query.isPending) return <Loading label="Carregando a entrega dos avisos…" />;
  if (query.isError) return <Message kind="danger" title={mensagemErro(query.error, MENSAGENS_NOTIFICACAO.erroEnvios)} alert />;
  if (query.data.length === 0) return <Message kind="info" title="Nenhum aviso enviado a este pescador por e-mail, SMS ou gov.br." />;
  return (
    <TabelaCartoes
      legenda="Entrega dos avisos mais recentes, por canal" colunas={COLUNAS} linhas={query.data} chave={(e) => e.id} compacta
    />
  );
}
