import type { Content, TableCell } from 'pdfmake/interfaces';
import { formatarData, formatarDataHora } from '../../../shared/datas';
import { situacaoRegistroLabel, type SituacaoRegistro } from '../../../shared/enums';
import type { ExportacaoDados } from '../../../shared/schemas/auditoria';
import { gerarPdfRgp } from '../../lib/pdf-rgp';

/**
 * The fisher's export as a PDF a person reads on a phone: each field under its Portuguese name, a code by its
 * description, dates as dd/mm/aaaa. Nothing is left out; a field not named here gets a name made from its own.
 */

const SOBRE_PDF = 'Dados pessoais que o Registro Geral da Atividade Pesqueira (RGP) mantém sobre você (LGPD, art. 18): '
  + 'seu cadastro, suas solicitações com os documentos enviados (sem os arquivos), suas REAPs, os documentos migrados '
  + 'do sistema anterior, suas notificações e quem, entre os servidores, acessou seus dados ou os usou como filtro de '
  + 'relatório (órgão, perfil e data). Os mesmos dados estão no arquivo JSON, para uso em outros sistemas.';

const ROTULOS: Record<string, string> = {
  id: 'Identificador', cpf: 'CPF', nome: 'Nome', nomeSocial: 'Nome social', nomeMae: 'Nome da mãe', nomePai: 'Nome do pai',
  dataNascimento: 'Data de nascimento', sexo: 'Sexo', escolaridade: 'Escolaridade', etnia: 'Etnia', email: 'E-mail',
  telefone: 'Telefone', celular: 'Celular', nacionalidade: 'Nacionalidade', naturalidade: 'Naturalidade',
  estadoCivil: 'Estado civil', rg: 'RG', numeroRg: 'Número do RG', orgaoEmissor: 'Órgão emissor', ufEmissor: 'UF do órgão emissor',
  dataEmissao: 'Data de emissão', nis: 'NIS', pis: 'PIS', cei: 'CEI', tituloEleitor: 'Título de eleitor', cin: 'CIN',
  endereco: 'Endereço', logradouro: 'Logradouro', numero: 'Número', complemento: 'Complemento', bairro: 'Bairro',
  cep: 'CEP', uf: 'UF', municipio: 'Código do município (IBGE)', municipioNome: 'Município', idMunicipio: 'Código do município (IBGE)',
  nomeMunicipio: 'Município', rgp: 'Registro (RGP)', numeroRGP: 'Número do RGP', numeroRgp: 'Número do RGP',
  numeroPrimeiroRGP: 'Número do primeiro RGP', dataPrimeiroRgp: 'Data do primeiro RGP', orgao: 'Órgão',
  nomeOrgao: 'Nome do órgão', origem: 'Origem', situacao: 'Situação', situacaoRegistro: 'Situação do registro',
  dataSuspensoCancelado: 'Data da suspensão ou do cancelamento', podeAcessarSistema: 'Pode acessar o sistema',
  categoria: 'Categoria', formaAtuacao: 'Forma de atuação', protocolo: 'Protocolo', numeroProtocolo: 'Número do protocolo',
  tipo: 'Tipo', dataCriacao: 'Data de criação', dataEnvio: 'Data de envio', dataAtualizacao: 'Data de atualização',
  criadoEm: 'Data', criadaEm: 'Data', lidaEm: 'Lida em', enviadaEm: 'Enviada em', enviada: 'Enviada', conteudo: 'Conteúdo',
  descricao: 'Descrição', perfil: 'Perfil', documentos: 'Documentos', nomeArquivo: 'Nome do arquivo',
  tipoDocumento: 'Tipo de documento', migrado: 'Migrado do sistema anterior', aprovado: 'Aprovado',
  anoReferencia: 'Ano de referência', realizouPesca: 'Pescou no ano', tipoPrestacaoServico: 'Tipo de prestação de serviço',
  totalDiasTrabalhadoAno: 'Dias trabalhados no ano', codigoVerificacao: 'Código de verificação',
  documentosJustificativa: 'Documentos da justificativa', documentoRelacaoTrabalho: 'Documentos da relação de trabalho',
  justificativaNaoDeclaracao: 'Justificativa de não ter pescado', resultadosOperacaoPesca: 'Resultados da pesca',
  especiePescado: 'Espécie', totalPescado: 'Total pescado', tipoUnidadeMedida: 'Unidade de medida',
  reapsArtesanais: 'Meses de pesca', mesReferencia: 'Mês', locaisPescaPetrecho: 'Locais de pesca e petrechos',
  areaPretendidaPesca: 'Área de pesca', nomePopularLocalPesca: 'Nome popular do local', petrechoPesca: 'Petrecho',
  tipoLocalPesca: 'Tipo de local de pesca', ambientePesca: 'Ambiente de pesca', gruposAlvosPesca: 'Grupos-alvo de pesca',
  grupoAlvo: 'Grupo-alvo', tipoComprador: 'Tipo de comprador', propriedadeEmbarcacao: 'Propriedade da embarcação',
  tipoEmbarcacao: 'Tipo de embarcação', propulsao: 'Propulsão', embarcacao: 'Embarcação', embarcacoes: 'Embarcações',
  membroFamilia: 'Membro da família', faixaRenda: 'Faixa de renda', tipoResidencia: 'Tipo de residência',
  infraestruturasPublicas: 'Infraestruturas públicas', entidadeApoioPescador: 'Entidade de apoio ao pescador',
  documentoSocial: 'Documento social', dadosAtividadePesca: 'Atividade de pesca', dadosPessoais: 'Dados pessoais',
  dadosSocioeconomicos: 'Dados socioeconômicos', contato: 'Contato', urlRedirecionamento: 'Endereço de destino',
  idPescador: 'Identificador do pescador', pescadorId: 'Identificador do pescador', solicitacaoId: 'Identificador da solicitação',
  idSolicitacao: 'Identificador da solicitação', passo: 'Etapa', passoAtual: 'Etapa atual', motivo: 'Motivo',
  observacao: 'Observação', parecer: 'Parecer', justificativa: 'Justificativa', historico: 'Histórico',
  declaracaoAceita: 'Declaração aceita', profissao: 'Profissão', renda: 'Renda', quantidade: 'Quantidade', valor: 'Valor',
};

const CORRECOES: Record<string, string> = {
  'Alfabetizacao': 'Alfabetização', 'Data emissao carteira': 'Data de emissão da carteira',
  'Possui instituicao representante': 'Possui instituição representante', 'Tempo reside municipio': 'Tempo em que reside no município',
  'Acesso servico publico': 'Acesso a serviço público', 'Cir': 'CIR', 'Cnpj entidade representante': 'CNPJ da entidade representante',
  'Comercializacoes pescado': 'Vendas do pescado', 'Data admissao': 'Data de admissão', 'Data encerramento': 'Data de encerramento',
  'Declara ciencia': 'Declara ciência', 'Doc identificacao': 'Documento de identificação', 'Dados socio economicos': 'Dados socioeconômicos',
  'Fim preenchimento': 'Fim do prazo de preenchimento', 'Inicio preenchimento': 'Início do prazo de preenchimento',
  'Fontes renda': 'Fontes de renda', 'Forma atuacao pesca': 'Forma de atuação na pesca', 'Grupos alvos pescado': 'Grupos-alvo do pescado',
  'Houve comercializacao': 'Vendeu o que pescou', 'Id profissao': 'Código da profissão', 'Id solicitacao ativa': 'Solicitação ativa',
  'Id solicitacao origem': 'Solicitação de origem', 'Justificativas solicitacao': 'Justificativas da solicitação',
  'Nome cientifico': 'Nome científico', 'Numero logradouro': 'Número', 'Participa pesca': 'Participa da pesca',
  'Possui acesso internet': 'Possui acesso à internet', 'Possui capacitacao profissional': 'Possui capacitação profissional',
  'Possui outra fonte renda': 'Possui outra fonte de renda', 'Possui registro embarcacao': 'Possui registro de embarcação',
  'Potencia': 'Potência', 'Preco quilo': 'Preço do quilo', 'Proprietario': 'Proprietário',
  'Quantidade dias trabalhados': 'Dias trabalhados', 'Renda beneficio': 'Renda e benefícios', 'Rgp anterior': 'RGP anterior',
  'Solicitacao': 'Solicitação', 'Tie': 'TIE (Título de Inscrição da Embarcação)', 'Uf emissao': 'UF de emissão',
  'Ufs comercializacao': 'UFs onde vendeu', 'Valor renda anual': 'Valor da renda anual', 'Valor renda mensal': 'Valor da renda mensal', 'No prazo': 'No prazo de preenchimento', 'Iniciada': 'Preenchimento iniciado',
};

function nomeDoCampo(chave: string): string {
  const rotulo = ROTULOS[chave];
  if (rotulo) return rotulo;
  const palavras = chave.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const feito = palavras.charAt(0).toUpperCase() + palavras.slice(1);
  return CORRECOES[feito] ?? feito;
}

const DATA = /^\d{4}-\d{2}-\d{2}$/;
const INSTANTE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** A value as text: dates in Brazilian form, yes/no in words, nothing said as "Não informado". */
function texto(valor: unknown): string {
  if (valor === null || valor === undefined || valor === '') return 'Não informado';
  if (typeof valor === 'boolean') return valor ? 'Sim' : 'Não';
  // A whole number is a code or a count, written as it is (a municipality's 1501402, not 1.501.402); a fraction is a
  // quantity, with the Brazilian decimal comma.
  if (typeof valor === 'number') return Number.isInteger(valor) ? String(valor) : valor.toLocaleString('pt-BR');
  if (typeof valor === 'string') {
    if (DATA.test(valor)) return formatarData(valor);
    if (INSTANTE.test(valor) && !Number.isNaN(Date.parse(valor))) return formatarDataHora(valor);
    return valor;
  }
  if (Array.isArray(valor)) return valor.length === 0 ? 'Nenhum' : valor.map(texto).join(', ');
  return JSON.stringify(valor);
}

function entradas(obj: Record<string, unknown>): [string, unknown][] {
  const saida: [string, unknown][] = [];
  for (const [chave, valor] of Object.entries(obj)) {
    if (chave.endsWith('Descricao') && chave !== 'Descricao' && chave.slice(0, -'Descricao'.length) in obj) continue;
    const descricao = obj[`${chave}Descricao`];
    saida.push([chave, descricao ?? valor]);
  }
  return saida;
}

const ehObjeto = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function campos(obj: Record<string, unknown>, nivel: number): Content[] {
  const linhas: TableCell[][] = [];
  const subsecoes: Content[] = [];
  for (const [chave, valor] of entradas(obj)) {
    if (ehObjeto(valor)) {
      // An object like `{id, nome}` reads as its name.
      const chaves = Object.keys(valor);
      if (chaves.every((k) => k === 'id' || k === 'nome') && typeof valor.nome === 'string') {
        linhas.push([{ text: nomeDoCampo(chave), bold: true }, { text: valor.nome }]);
        continue;
      }
      subsecoes.push(subtitulo(nomeDoCampo(chave), nivel), ...campos(valor, nivel + 1));
    } else if (Array.isArray(valor) && valor.some(ehObjeto)) {
      subsecoes.push(subtitulo(nomeDoCampo(chave), nivel));
      valor.forEach((item, i) => {
        subsecoes.push(subtitulo(`${nomeDoCampo(chave)}: item ${i + 1} de ${valor.length}`, nivel + 1));
        subsecoes.push(...(ehObjeto(item) ? campos(item, nivel + 2) : [{ text: texto(item) }]));
      });
    } else {
      linhas.push([{ text: nomeDoCampo(chave), bold: true }, { text: texto(valor) }]);
    }
  }
  const tabela: Content[] = linhas.length === 0 ? [] : [{
    table: { widths: ['40%', '60%'], body: linhas, dontBreakRows: true },
    layout: 'lightHorizontalLines', margin: [0, 0, 0, 6],
  }];
  return [...tabela, ...subsecoes];
}

function subtitulo(texto: string, nivel: number): Content {
  return { text: texto, bold: true, fontSize: Math.max(9, 12 - nivel), margin: [0, 6, 0, 3] };
}

function secao(titulo: string, corpo: Content[], vazio: string): Content[] {
  return [
    { text: titulo, fontSize: 14, bold: true, margin: [0, 14, 0, 6], headlineLevel: 1 } as Content,
    ...(corpo.length > 0 ? corpo : [{ text: vazio, italics: true }]),
  ];
}

function comSituacaoDoRegistro(pescador: Record<string, unknown>): Record<string, unknown> {
  const rgp = pescador.rgp;
  if (!ehObjeto(rgp) || typeof rgp.situacao !== 'number' || 'situacaoDescricao' in rgp) return pescador;
  const nome = situacaoRegistroLabel[rgp.situacao as SituacaoRegistro];
  return nome ? { ...pescador, rgp: { ...rgp, situacaoDescricao: nome } } : pescador;
}

export function conteudoMeusDados(d: ExportacaoDados): Content[] {
  const solicitacoes = d.solicitacoes.flatMap((s, i) => {
    const o = s as unknown as Record<string, unknown>;
    const tipo = texto(o.tipoDescricao ?? o.tipo);
    return [subtitulo(`Solicitação ${i + 1} de ${d.solicitacoes.length}: ${tipo}`, 0), ...campos(o, 1)];
  });
  const reaps = d.reaps.map((r) => [subtitulo(`REAP de ${r.anoReferencia}: ${r.situacaoDescricao}`, 0), ...campos(r, 1)]).flat();
  const migrados = d.documentosMigrados.flatMap((doc, i) => [subtitulo(`Documento ${i + 1}: ${doc.nome}`, 0), ...campos(doc, 1)]);
  const notificacoes = d.notificacoes.flatMap((n) => [
    subtitulo(`${n.tipoDescricao ?? 'Aviso'}, em ${texto(n.criadaEm)}`, 0),
    { text: n.conteudo, margin: [0, 0, 0, 2] } as Content,
    { text: n.lidaEm ? `Lida em ${texto(n.lidaEm)}.` : 'Ainda não lida.', color: '#555555', margin: [0, 0, 0, 6] } as Content,
  ]);
  const delegacoes = d.delegacoes.flatMap((g) => [
    subtitulo(`${g.entidade} (${g.tipoEntidadeDescricao}): ${g.situacaoDescricao}`, 0),
    { text: `Para: ${g.servicosDescricao.join('; ')}.`, margin: [0, 0, 0, 2] } as Content,
    { text: `De ${texto(g.inicio)} até ${texto(g.fim)}. ${g.origemDescricao}.`
      + (g.revogadaEm ? ` Revogada em ${texto(g.revogadaEm)}.` : '')
      + (g.justificativaRecusa ? ` Recusada: ${g.justificativaRecusa}` : ''), color: '#555555', margin: [0, 0, 0, 6] } as Content,
  ]);
  const canais = d.canaisDeAviso;
  const ligado = (v: boolean) => (v ? 'ligado' : 'desligado');
  const avisos: Content[] = [{
    text: `Tela do sistema: sempre ligada. E-mail: ${ligado(canais.email)}. SMS: ${ligado(canais.sms)}. Caixa postal do gov.br: ${ligado(canais.govbr)}.`,
    margin: [0, 0, 0, 6],
  }];
  const acessos: Content[] = d.acessos.length === 0 ? [] : [{
    table: {
      headerRows: 1, widths: ['22%', '38%', '20%', '20%'], dontBreakRows: true,
      body: [
        ['Data', 'O que foi feito', 'Órgão', 'Perfil'].map((t) => ({ text: t, bold: true })),
        ...d.acessos.map((a) => [texto(a.criadoEm), texto(a.descricao), texto(a.nomeOrgao ? `${a.orgao} (${a.nomeOrgao})` : a.orgao), texto(a.perfil)]),
      ],
    },
    layout: 'lightHorizontalLines',
  }];
  return [
    { text: 'Meus dados no RGP', fontSize: 16, bold: true, alignment: 'center', margin: [0, 0, 0, 8] },
    { text: SOBRE_PDF, margin: [0, 0, 0, 4] },
    { text: `Gerado em ${texto(d.geradoEm)}.`, color: '#555555' },
    ...secao('Cadastro', campos(comSituacaoDoRegistro(d.pescador as Record<string, unknown>), 1), 'Nenhum dado de cadastro.'),
    ...secao('Solicitações', solicitacoes, 'Nenhuma solicitação.'),
    ...secao('REAPs', reaps, 'Nenhuma REAP.'),
    ...secao('Documentos migrados do sistema anterior', migrados, 'Nenhum documento migrado.'),
    ...secao('Notificações', notificacoes, 'Nenhuma notificação.'),
    ...secao('Canais de aviso', avisos, ''),
    ...secao('Delegações a entidades representativas', delegacoes, 'Nenhuma delegação.'),
    ...secao('Quem acessou seus dados', acessos, 'Nenhum servidor acessou seus dados.'),
  ];
}

export function pdfMeusDados(d: ExportacaoDados, emitidoEm: Date): Promise<Buffer> {
  return gerarPdfRgp({
    titulo: 'Meus dados no RGP', assunto: 'Dados pessoais do pescador (LGPD, art. 18)',
    margem: 40, fonte: { tamanho: 10, entrelinha: 1.2 }, espacoAposCabecalho: 12,
    conteudo: conteudoMeusDados(d), emitidoEm,
  });
}
