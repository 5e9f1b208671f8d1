import { expect, type Locator, type Page } from '@playwright/test';
import { arquivos, type ArquivoTeste } from './dados';
import { passo1, passoPadrao } from '../src/server/modules/solicitacao/passos.fixtures';
import { onlyDigits } from '../src/shared/cpf';
import { TipoSolicitacao } from '../src/shared/enums';
import { semRolagemHorizontal, semViolacoes } from './support';

/**
 * Page objects of the fisher's side: /home (counters and options), the declaration screen, the five-step request
 * wizard with its documents panel, "Minhas solicitações" and the documents screen. Every locator goes by what the
 * user reads (roles, labels, headings), as the screens in src/web name them.
 */

export const NOMES_PASSOS = ['Dados pessoais', 'Atividade pesqueira', 'Dados socioeconômicos', 'Apoio e documentos', 'Declaração e envio'];

/** The value of a counter on /home ("Rascunhos", "Enviadas" …): the description list's term and its definition. */
export function contador(page: Page, rotulo: string): Locator {
  return page.locator('dl.counters > div').filter({ has: page.getByRole('term').getByText(rotulo, { exact: true }) }).getByRole('definition');
}

/** The toast with exactly this message (react-toastify); several may show, the first is enough. */
export function toast(page: Page, mensagem: string): Locator {
  return page.locator('.Toastify').getByText(mensagem, { exact: true }).first();
}

/** The token the web keeps in localStorage, and the fisher's id inside it. */
export async function sessao(page: Page): Promise<{ token: string; idPescador: number | undefined; nome: string }> {
  const token = await page.evaluate(() => localStorage.getItem('rgp.token'));
  if (!token) throw new Error('Sem sessão: rgp.token ausente do localStorage');
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { idPescador?: number; nome: string };
  return { token, idPescador: payload.idPescador ?? undefined, nome: payload.nome };
}

/**
 * Ticks a gov.br checkbox or radio the way a person does: by its label (the styled label covers the native input,
 * which therefore takes no pointer events of its own).
 */
export async function marcar(campo: Locator) {
  const id = await campo.getAttribute('id');
  if (!id) throw new Error('Campo de marcar sem id: não há rótulo associado');
  await campo.page().locator(`label[for="${id}"]`).click();
  await expect(campo).toBeChecked();
}

/**
 * A call to the API as the signed-in user of `page` makes it: the bearer token from localStorage and, for the
 * state-changing methods, the anti-forgery cookie echoed in X-XSRF-TOKEN.
 */
export async function chamarApi(
  page: Page, metodo: 'GET' | 'POST' | 'PUT', caminho: string, corpo?: unknown, multipart?: Record<string, string | ArquivoTeste>,
) {
  const { token } = await sessao(page);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (metodo !== 'GET') {
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf.value;
  }
  return page.request.fetch(caminho, { method: metodo, headers, ...(corpo === undefined ? {} : { data: corpo }), ...(multipart ? { multipart } : {}) });
}

/** One of the fisher's options on /home, enabled (a link) or disabled (a button with aria-disabled). */
export function opcao(page: Page, titulo: string): Locator {
  return page.getByRole('region', { name: 'O que você deseja fazer?' }).getByRole('link', { name: titulo, exact: true });
}

export function opcaoIndisponivel(page: Page, titulo: string): Locator {
  return page.getByRole('region', { name: 'O que você deseja fazer?' }).getByRole('button', { name: titulo, exact: true });
}

/** /home → option → declaration screen, accepted → the wizard's step 1. */
export async function iniciarPelaDeclaracao(page: Page, tituloOpcao: string, verificarAcessibilidade = false) {
  await expect(page.getByRole('heading', { level: 1, name: /^Olá,/ })).toBeVisible();
  await opcao(page, tituloOpcao).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Declaração e aceite' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Declaração: / })).toBeVisible();
  if (verificarAcessibilidade) {
    await semViolacoes(page);
    await semRolagemHorizontal(page);
  }
  await marcar(page.getByRole('checkbox', { name: 'Li e concordo', exact: true }));
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** The fisher's data that the wizard asks for (address in Pará by default). */
export interface DadosCadastro {
  nomeMae: string;
  nomePai: string;
  dataNascimento: string;
  numeroDocumento: string;
  numeroNis: string;
  cep: string;
  logradouro: string;
  numero: string;
  bairro: string;
  ufNome: string;
  ufSigla: string;
  municipio: string;
  telefone: string;
}

export const CADASTRO_PARA: DadosCadastro = {
  nomeMae: 'Maria do Socorro Ribeiro',
  nomePai: 'José Raimundo Ribeiro',
  dataNascimento: '1985-03-10',
  numeroDocumento: '1234567',
  numeroNis: '12345678901',
  cep: '66010000',
  logradouro: 'Travessa da Pesca',
  numero: '120',
  bairro: 'Cidade Velha',
  ufNome: 'Pará (PA)',
  ufSigla: 'PA',
  municipio: 'Belém',
  telefone: '91988887777',
};

/** The five-step request wizard (/pescador/solicitacao). */
export class Assistente {
  constructor(readonly page: Page) {}

  /** The step's heading: "Passo N de 5: Título". */
  tituloPasso(n: number): Locator {
    return this.page.getByRole('heading', { level: 2, name: new RegExp(`Passo ${n} de 5.*${NOMES_PASSOS[n - 1]}`) });
  }

  async esperarPasso(n: number) {
    await expect(this.tituloPasso(n)).toBeVisible();
    // The step's form is on screen once its first control is (the documents step also loads the panel).
    await expect(this.page.getByRole('status').filter({ hasText: /Carregando/ })).toHaveCount(0);
  }

  grupo(nome: string): Locator {
    return this.page.getByRole('group', { name: nome, exact: true });
  }

  radio(grupo: string, opcao: string): Locator {
    return this.grupo(grupo).getByRole('radio', { name: opcao, exact: true });
  }

  botaoSalvar(): Locator {
    return this.page.getByRole('button', { name: 'Salvar e continuar' });
  }

  /** Saves the step and waits for the server's message and the next step. */
  async salvarEContinuar(n: number, mensagem: string) {
    await this.botaoSalvar().click();
    await expect(toast(this.page, mensagem)).toBeVisible();
    await expect(this.page).toHaveURL(new RegExp(`[?&]passo=${n + 1}(&|$)`));
    await this.esperarPasso(n + 1);
  }

  async preencherPasso1(d: DadosCadastro = CADASTRO_PARA) {
    const p = this.page;
    await p.getByLabel('Data de nascimento').fill(d.dataNascimento);
    await marcar(this.radio('Sexo', 'Masculino'));
    await p.getByLabel('Nome da mãe').fill(d.nomeMae);
    await p.getByLabel('Nome do pai').fill(d.nomePai);
    await p.getByLabel('Escolaridade').selectOption({ label: 'Ensino médio completo' });
    await p.getByLabel('Etnia (cor ou raça)').selectOption({ label: 'Parda' });
    await marcar(this.radio('Sabe ler e escrever?', 'Sim'));
    await marcar(this.radio('Nacionalidade', 'Brasileira'));
    await p.getByLabel('Número do documento', { exact: true }).fill(d.numeroDocumento);
    await p.getByLabel('UF de emissão').selectOption(d.ufSigla);
    await p.getByLabel('Órgão emissor').selectOption({ label: 'SSP – Secretaria de Segurança Pública' });
    await p.getByLabel('Data de emissão').fill('2005-06-01');
    await marcar(this.radio('Tipo do documento social', 'NIS'));
    await p.getByLabel('Número do documento social').fill(d.numeroNis);
    await p.getByLabel('CEP', { exact: true }).pressSequentially(d.cep);
    await p.getByLabel('Logradouro').fill(d.logradouro);
    await p.getByLabel('Número', { exact: true }).fill(d.numero);
    await p.getByLabel('Bairro').fill(d.bairro);
    await this.escolherUfMunicipio(p.locator('main'), d);
    await p.getByLabel('Telefone').pressSequentially(d.telefone);
  }

  /** A state select and its municipality select, inside `escopo`. The municipalities arrive from the API. */
  async escolherUfMunicipio(escopo: Locator, d: Pick<DadosCadastro, 'ufSigla' | 'municipio'>) {
    await escopo.getByLabel('UF', { exact: true }).selectOption(d.ufSigla);
    const municipio = escopo.getByLabel('Município', { exact: true });
    await expect(municipio.getByRole('option', { name: d.municipio, exact: true })).toHaveCount(1);
    await municipio.selectOption({ label: d.municipio });
  }

  async preencherPasso2(d: DadosCadastro = CADASTRO_PARA) {
    const p = this.page;
    await marcar(this.radio('Forma de atuação na pesca', 'Desembarcado'));
    await marcar(this.radio('Categoria', 'Artesanal'));
    await marcar(this.grupo('Ambiente de pesca').getByRole('checkbox', { name: 'Continental (água doce)' }));
    const local = this.grupo('Local de pesca 1');
    await this.escolherUfMunicipio(local, d);
    await local.getByLabel('Tipo de local de pesca').selectOption({ label: 'Rio' });
    await local.getByLabel('Nome popular do local').fill('Rio Guamá');
    await marcar(this.grupo('Grupos-alvo da pesca').getByRole('checkbox', { name: 'Peixes', exact: true }));
    await marcar(this.radio(
      'É filiado(a) a alguma entidade representativa (colônia, associação, sindicato ou cooperativa)?',
      'Não',
    ));
    await expect(p.getByRole('group', { name: 'Embarcação' })).toHaveCount(0);
  }

  async preencherPasso3() {
    const p = this.page;
    // The first family member is the fisher, filled in by default.
    const membro = this.grupo('Membro da família 1');
    await expect(membro.getByLabel('Parentesco')).not.toHaveValue('');
    const fonte = this.grupo('Fonte de renda 1');
    await fonte.getByLabel('Atividade profissional').fill('Pesca artesanal');
    const profissao = fonte.getByLabel('Profissão');
    await expect(profissao.locator('option').nth(1)).toBeAttached();
    await profissao.selectOption({ index: 1 });
    await fonte.getByLabel('Faixa de renda').selectOption({ label: 'Até 1 salário mínimo' });
    await marcar(this.radio('Recebe algum benefício ou renda do governo federal?', 'Não'));
    await marcar(this.radio('Recebe seguro-defeso?', 'Sim'));
    await p.getByLabel('Tipo de residência').selectOption({ label: 'Própria' });
    await p.getByLabel('Há quantos anos mora no município?').fill('12');
    await marcar(this.radio('Possui computador?', 'Não'));
    await marcar(this.radio('Tem acesso à internet?', 'Sim'));
    await marcar(this.radio('Possui capacitação profissional?', 'Não'));
    await marcar(this.radio('Possui celular?', 'Sim'));
    const servicos = this.grupo('Serviços públicos disponíveis na sua residência');
    await marcar(servicos.getByRole('checkbox', { name: 'Água encanada' }));
    await marcar(servicos.getByRole('checkbox', { name: 'Energia elétrica' }));
  }

  async preencherPasso4SemDocumentos() {
    await marcar(this.radio('Recebeu ajuda de alguma entidade para preencher esta solicitação?', 'Não'));
  }

  /** The documents panel of step 4 (its heading "Documentos"). */
  painelDocumentos(): Locator {
    return this.page.getByRole('region', { name: 'Documentos', exact: true });
  }

  async enviarDocumentosObrigatorios(arqs: Partial<Record<'identidade' | 'comprovante' | 'foto' | 'nis', ArquivoTeste>> = {}) {
    await enviarDocumento(this.page, 'Documento de identificação', arqs.identidade ?? arquivos.identidade());
    await enviarDocumento(this.page, 'Comprovante de residência', arqs.comprovante ?? arquivos.comprovanteResidencia());
    await enviarDocumento(this.page, 'Foto 3x4', arqs.foto ?? arquivos.foto());
    await enviarDocumento(this.page, 'PIS/PASEP/NIS/NIT', arqs.nis ?? arquivos.nis());
  }

  caixaDeclaracao(): Locator {
    return this.page.getByRole('checkbox', { name: 'Li e concordo com a declaração' });
  }

  botaoEnviar(): Locator {
    return this.page.getByRole('button', { name: 'Enviar solicitação' });
  }
}

/** The upload field of one document: its group is named by the document's title ("Foto 3x4 (obrigatório)"). */
export function campoDocumento(page: Page, rotulo: string): Locator {
  return page.getByRole('group', { name: new RegExp(`^${rotulo.replace(/[/()]/g, '\\$&')} \\((obrigatório|opcional)\\)$`) });
}

/** Chooses a file for a document and waits until the server stored it. */
export async function enviarDocumento(page: Page, rotulo: string, arquivo: ArquivoTeste) {
  const campo = campoDocumento(page, rotulo);
  const input = campo.locator('input[type="file"]');
  await expect(input).toBeEnabled();
  await input.setInputFiles(arquivo);
  await expect(campo.getByText('Arquivo carregado com sucesso')).toBeVisible({ timeout: 15_000 });
  await expect(campo.getByRole('list', { name: `Arquivos de ${rotulo}` }).getByRole('listitem')).toHaveCount(1);
}

export interface SolicitacaoEnviada {
  cpf: string;
  nome: string;
  idSolicitacao: number;
}

/**
 * The whole initial registration through the screens, from /home (signed in) to the submission: declaration,
 * steps 1 to 4 with the four required documents, step 5. With `acessibilidade`, axe and the horizontal-scroll
 * check run on every step and on the documents panel. Ends on /home with the success message.
 */
export async function enviarRegistroInicial(page: Page, opcoes: { acessibilidade?: boolean; conferirAvisoDeclaracao?: boolean } = {}): Promise<number> {
  const a11y = async () => {
    if (!opcoes.acessibilidade) return;
    await semViolacoes(page);
    await semRolagemHorizontal(page);
  };
  const w = new Assistente(page);
  await iniciarPelaDeclaracao(page, 'Solicitar registro inicial', opcoes.acessibilidade);
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitação de registro inicial' })).toBeVisible();
  await w.esperarPasso(1);
  await a11y();
  await w.preencherPasso1();
  await w.salvarEContinuar(1, 'Dados Pessoais salvos com sucesso!');
  const idSolicitacao = Number(new URL(page.url()).searchParams.get('idSolicitacao'));
  expect(idSolicitacao).toBeGreaterThan(0);

  await a11y();
  await w.preencherPasso2();
  await w.salvarEContinuar(2, 'Dados da Atividade salvos com sucesso!');

  await a11y();
  await w.preencherPasso3();
  await w.salvarEContinuar(3, 'Dados socioeconômicos salvos com sucesso!');

  await expect(w.painelDocumentos().getByRole('heading', { name: 'Documentos' })).toBeVisible();
  await a11y();
  await w.preencherPasso4SemDocumentos();
  await w.enviarDocumentosObrigatorios();
  // The documents panel with every required document stored.
  await a11y();
  await w.salvarEContinuar(4, 'Documentos salvos com sucesso');

  await a11y();
  if (opcoes.conferirAvisoDeclaracao) {
    await w.botaoEnviar().click();
    await expect(toast(page, 'Não é possivel avançar sem ler e concordar com a declaração')).toBeVisible();
    const resumo = page.locator('.error-summary');
    await expect(resumo).toBeFocused();
    await expect(resumo.getByRole('link', { name: /Não é possivel avançar sem ler e concordar com a declaração/ })).toBeVisible();
    await expect(page.locator('#declaraCiencia-erro')).toHaveText('Não é possivel avançar sem ler e concordar com a declaração');
    await expect(w.caixaDeclaracao()).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/passo=5/);
    await a11y();
  }
  await marcar(w.caixaDeclaracao());
  await w.botaoEnviar().click();
  await page.waitForURL((url) => url.pathname === '/home');
  await expect(toast(page, 'Solicitação enviada com sucesso!')).toBeVisible();
  return idSolicitacao;
}

/**
 * The same initial registration as enviarRegistroInicial (the same four files, the photo included) through the API
 * the wizard calls, for a journey whose subject is what follows the submission (the analyst's signals): steps 1–4,
 * the documents one by one (POST /api/documentos), step 5 with the declaration. The submission runs the same route
 * and rules; only the screens, which other journeys cover, are skipped.
 */
export async function enviarRegistroInicialPelaApi(page: Page, cpf: string): Promise<number> {
  const { nome } = await sessao(page);
  const ok = async (r: Awaited<ReturnType<typeof chamarApi>>) => {
    expect(r.status(), await r.text()).toBe(200);
    return (await r.json()) as { dados: { id?: number } };
  };
  const tipo = TipoSolicitacao.REGISTRO_INICIAL;
  const id = (await ok(await chamarApi(page, 'POST', '/api/solicitacao', { tipo, passo: 1, ...passo1(onlyDigits(cpf), { nome }) }))).dados.id!;
  for (const [tipoDocumento, arquivo] of [[1, arquivos.identidade()], [2, arquivos.comprovanteResidencia()], [3, arquivos.foto()], [10, arquivos.nis()]] as const) {
    await ok(await chamarApi(page, 'POST', '/api/documentos', undefined, { idSolicitacao: String(id), tipo: String(tipoDocumento), arquivos: arquivo }));
  }
  for (const passo of [2, 3, 4] as const) await ok(await chamarApi(page, 'PUT', '/api/solicitacao', { id, tipo, passo, ...passoPadrao(passo, onlyDigits(cpf)) }));
  await ok(await chamarApi(page, 'PUT', '/api/solicitacao', { id, tipo, passo: 5, declaraCiencia: true }));
  return id;
}

/** "Minhas solicitações" from /home, and the row of one request. */
export async function abrirMinhasSolicitacoes(page: Page) {
  await page.getByRole('link', { name: 'Minhas solicitações', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas solicitações' })).toBeVisible();
}

export function linhaSolicitacao(page: Page, tipo: string, idSolicitacao: number): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${tipo} nº ${idSolicitacao}` }) });
}
