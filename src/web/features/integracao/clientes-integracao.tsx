import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CorpoDe } from '../../../shared/contrato';
import type * as contratos from '../../../shared/contratos/integracao';
import { formatarData, formatarDataHora } from '../../../shared/datas';
import { ESCOPOS_CLIENTE, type EscopoCliente } from '../../../shared/permissoes';
import { problemasDoCorpo } from '../../../shared/schemas/formulario';
import {
  clienteIntegracaoCriacao, DESCRICAO_ESCOPOS, MetodoAutenticacaoCliente, type ClienteIntegracao, type CredencialCliente,
} from '../../../shared/schemas/integracao';
import { ErrorSummary } from '../../components/error-summary';
import { CampoRotulado } from '../../components/form/field-parts';
import { CheckboxGroup } from '../../components/form/checkbox-group';
import { RadioGroup } from '../../components/form/radio-group';
import { TextField } from '../../components/form/text-field';
import { Loading } from '../../components/loading';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { showToast } from '../../lib/toast';
import { cadastrarCliente, clientesKeys, revogarCliente, rotacionarCredencial, useClientes } from './integracao-api';
import { WebhooksIntegracao } from './webhooks-integracao';

interface Valores {
  nome: string;
  orgao: string;
  contato: string;
  escopos: string[];
  limitePorMinuto: string;
  validoAte: string;
  metodoAutenticacao: string;
  chavePublica: string;
}

const VAZIO: Valores = {
  nome: '', orgao: '', contato: '', escopos: [], limitePorMinuto: '600', validoAte: '', metodoAutenticacao: MetodoAutenticacaoCliente.SEGREDO, chavePublica: '',
};

const CAMPOS: Record<string, string> = {
  nome: 'cliente-nome', orgao: 'cliente-orgao', contato: 'cliente-contato', escopos: 'cliente-escopos', limitePorMinuto: 'cliente-limite',
  validoAte: 'cliente-validade', metodoAutenticacao: 'cliente-metodo', chavePublica: 'cliente-chave',
};

type Corpo = CorpoDe<typeof contratos.cadastrarCliente>;

/** As typed, possibly invalid: the body's schema says what is wrong before it is sent. */
function corpoDe(v: Valores): Corpo {
  let chavePublica: unknown = null;
  if (v.metodoAutenticacao === MetodoAutenticacaoCliente.CHAVE_PRIVADA) {
    try {
      chavePublica = JSON.parse(v.chavePublica);
    } catch {
      chavePublica = { kty: '' };
    }
  }
  return {
    nome: v.nome, orgao: v.orgao, contato: v.contato, escopos: v.escopos as EscopoCliente[], limitePorMinuto: Number(v.limitePorMinuto), validoAte: v.validoAte,
    metodoAutenticacao: v.metodoAutenticacao as MetodoAutenticacaoCliente, chavePublica: chavePublica as Corpo['chavePublica'],
  };
}

/** The credential, shown once: only its hash is kept on the server. */
function CredencialMostrada({ credencial, aoFechar }: { credencial: CredencialCliente; aoFechar: () => void }) {
  const titulo = useRef<HTMLHeadingElement>(null);
  useEffect(() => titulo.current?.focus(), [credencial]);
  return (
    <section className="br-card p-3 mb-4" aria-labelledby="titulo-credencial">
      <h2 id="titulo-credencial" ref={titulo} tabIndex={-1}>Credencial de {credencial.cliente.nome}</h2>
      <Message kind="warning" title="Guarde a credencial agora: ela não será mostrada de novo." />
      <dl>
        <dt>client_id</dt>
        <dd><code>{credencial.clientId}</code></dd>
        {credencial.clientSecret && (
          <>
            <dt>client_secret</dt>
            <dd><code data-testid="segredo-cliente">{credencial.clientSecret}</code></dd>
          </>
        )}
        <dt>Endereço do token</dt>
        <dd><code>{credencial.tokenUrl}</code></dd>
      </dl>
      <button type="button" className="br-button secondary" onClick={aoFechar}>Já guardei a credencial</button>
    </section>
  );
}

/** ADMIN registers other agencies' machine clients, and rotates or revokes their credentials (decision 0120). */
export function ClientesIntegracao() {
  const query = useClientes();
  const queryClient = useQueryClient();
  const [valores, setValores] = useState<Valores>(VAZIO);
  const [erros, setErros] = useState<{ field: string; message: string }[]>([]);
  const [tentativa, setTentativa] = useState(0);
  const [salvando, setSalvando] = useState(false);
  const [credencial, setCredencial] = useState<CredencialCliente | null>(null);
  const erroDe = (campo: string) => erros.find((e) => e.field === CAMPOS[campo])?.message;
  const mudar = (campo: keyof Valores) => (e: { target: { value: string } }) => setValores((v) => ({ ...v, [campo]: e.target.value }));

  async function cadastrar(e: React.FormEvent) {
    e.preventDefault();
    const corpo = corpoDe(valores);
    const problemas = problemasDoCorpo(clienteIntegracaoCriacao, corpo)
      .map((p) => ({ field: CAMPOS[String(p.path[0])] ?? 'cliente-nome', message: p.message }));
    setErros(problemas);
    if (problemas.length > 0) {
      setTentativa((n) => n + 1);
      return;
    }
    setSalvando(true);
    try {
      setCredencial(await cadastrarCliente(corpo));
      setValores(VAZIO);
      await queryClient.invalidateQueries({ queryKey: clientesKeys.lista });
    } catch (error) {
      showToast('error', mensagemErro(error, 'Não foi possível cadastrar o cliente.'));
    } finally {
      setSalvando(false);
    }
  }

  async function rotacionar(c: ClienteIntegracao) {
    if (!(await confirmar({ text: `A credencial atual de ${c.nome} deixará de valer imediatamente.` }))) return;
    try {
      setCredencial(await rotacionarCredencial(c.id));
      await queryClient.invalidateQueries({ queryKey: clientesKeys.lista });
    } catch (error) {
      showToast('error', mensagemErro(error, 'Não foi possível trocar a credencial.'));
    }
  }

  async function revogar(c: ClienteIntegracao) {
    if (!(await confirmar({ text: `${c.nome} perderá o acesso imediatamente, e a revogação não pode ser desfeita.` }))) return;
    try {
      await revogarCliente(c.id);
      showToast('success', 'Cliente revogado.');
      await queryClient.invalidateQueries({ queryKey: clientesKeys.lista });
    } catch (error) {
      showToast('error', mensagemErro(error, 'Não foi possível revogar o cliente.'));
    }
  }

  return (
    <div>
      {credencial && <CredencialMostrada credencial={credencial} aoFechar={() => setCredencial(null)} />}
      <form aria-labelledby="titulo-novo-cliente" noValidate onSubmit={(e) => void cadastrar(e)}>
        <h2 id="titulo-novo-cliente">Novo cliente</h2>
        <ErrorSummary errors={erros} attempt={tentativa} />
        <TextField id="cliente-nome" label="Nome do sistema" value={valores.nome} onChange={mudar('nome')} error={erroDe('nome')} />
        <TextField id="cliente-orgao" label="Órgão" value={valores.orgao} onChange={mudar('orgao')} error={erroDe('orgao')} />
        <TextField id="cliente-contato" label="Contato responsável" hint="E-mail ou telefone da equipe do órgão" value={valores.contato}
          onChange={mudar('contato')} error={erroDe('contato')} />
        <CheckboxGroup id="cliente-escopos" name="cliente-escopos" legend="Escopos" value={valores.escopos}
          onChange={(escopos) => setValores((v) => ({ ...v, escopos }))} error={erroDe('escopos')}
          options={ESCOPOS_CLIENTE.map((e) => ({ value: e, label: `${DESCRICAO_ESCOPOS[e]} (${e})` }))} />
        <TextField id="cliente-limite" label="Limite de requisições por minuto" type="number" min={1} max={6000} value={valores.limitePorMinuto}
          onChange={mudar('limitePorMinuto')} error={erroDe('limitePorMinuto')} />
        <TextField id="cliente-validade" label="Válido até" type="date" value={valores.validoAte} onChange={mudar('validoAte')} error={erroDe('validoAte')} />
        <RadioGroup id="cliente-metodo" name="cliente-metodo" legend="Autenticação do cliente" value={valores.metodoAutenticacao}
          onChange={(metodoAutenticacao) => setValores((v) => ({ ...v, metodoAutenticacao }))} error={erroDe('metodoAutenticacao')}
          options={[
            { value: MetodoAutenticacaoCliente.SEGREDO, label: 'Segredo gerado pelo RGP (client_secret)' },
            { value: MetodoAutenticacaoCliente.CHAVE_PRIVADA, label: 'Chave pública do órgão (private_key_jwt)' },
          ]} />
        {valores.metodoAutenticacao === MetodoAutenticacaoCliente.CHAVE_PRIVADA && (
          <CampoRotulado id="cliente-chave" label="Chave pública (JWK)" hint="A JWK pública RSA ou EC, em JSON" tipo="br-textarea" error={erroDe('chavePublica')}>
            {(aria) => <textarea id="cliente-chave" rows={5} value={valores.chavePublica} onChange={mudar('chavePublica')} {...aria} />}
          </CampoRotulado>
        )}
        <div className="form-actions">
          <button type="submit" className="br-button primary" disabled={salvando}>{salvando ? 'Cadastrando…' : 'Cadastrar cliente'}</button>
        </div>
      </form>
      <section aria-labelledby="titulo-clientes" className="mt-4">
        <h2 id="titulo-clientes">Clientes cadastrados</h2>
        {query.isPending && <Loading label="Carregando os clientes…" />}
        {query.isError && <Message kind="danger" title="Não foi possível consultar os clientes." alert />}
        {query.data?.length === 0 && <p>Nenhum cliente cadastrado.</p>}
        {query.data && query.data.length > 0 && (
          <div className="tabela-rolavel" tabIndex={0} aria-label="Clientes cadastrados, tabela rolável">
            <table>
              <thead>
                <tr>
                  <th scope="col">Cliente</th>
                  <th scope="col">client_id</th>
                  <th scope="col">Escopos</th>
                  <th scope="col">Válido até</th>
                  <th scope="col">Situação</th>
                  <th scope="col">Ações</th>
                </tr>
              </thead>
              <tbody>
                {query.data.map((c) => (
                  <tr key={c.id}>
                    <td>{c.nome}<br /><small>{c.orgao} · {c.contato}</small></td>
                    <td><code>{c.clientId}</code></td>
                    <td>{c.escopos.join(', ')}</td>
                    <td>{formatarData(c.validoAte)}</td>
                    <td>{c.revogadoEm ? `Revogado em ${formatarDataHora(c.revogadoEm)}` : `Ativo (credencial ${c.versaoCredencial})`}</td>
                    <td>
                      {!c.revogadoEm && (
                        <>
                          <button type="button" className="br-button secondary small" onClick={() => void rotacionar(c)}
                            aria-label={`Trocar a credencial de ${c.nome}`}>Trocar credencial</button>
                          <button type="button" className="br-button secondary small" onClick={() => void revogar(c)}
                            aria-label={`Revogar ${c.nome}`}>Revogar</button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <WebhooksIntegracao clientes={query.data ?? []} />
    </div>
  );
}
