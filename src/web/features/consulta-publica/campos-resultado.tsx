import { categoriaLabel, situacaoRegistroLabel, SituacaoRegistro, type Categoria } from '../../../shared/enums';
import { exibirRgp } from '../../../shared/rgp';
import type { CarteiraPublica, ProtocoloPublico } from '../../../shared/schemas/carteira';
import { ListaDados } from '../../components/lista-dados';
import { formatDate, formatDateTime } from '../../lib/dates';

export interface Campo {
  termo: string;
  valor: string;
}

const rgpExibido = exibirRgp;

function juntar(...partes: (string | null | undefined)[]): string {
  return partes.filter((p) => p && p.trim()).join('/');
}

/**
 * Only the filled fields, in the card's order (product.md: name, situation, category, place, RGP, date). A QR check
 * answers the card's face only for a valid card, hence every field may be absent.
 */
export function camposCarteira(c: Partial<CarteiraPublica>): Campo[] {
  const situacao = c.situacaoDescricao || (c.situacao ? situacaoRegistroLabel[c.situacao as SituacaoRegistro] : '');
  const categoria = c.categoriaDescricao || (c.categoria ? categoriaLabel[c.categoria as Categoria] : '');
  const campos: Campo[] = [
    { termo: 'Nome', valor: c.nome ?? '' },
    { termo: 'Situação do registro', valor: situacao ?? '' },
    { termo: 'Categoria', valor: categoria ?? '' },
    { termo: 'Município/UF', valor: juntar(c.municipio, c.uf) },
    { termo: 'Número do RGP', valor: rgpExibido(c.numeroRGP) },
    { termo: 'Data do primeiro RGP', valor: formatDate(c.dataPrimeiroRgp) },
    // What an INSS server checks by hand for the Seguro-Defeso (decision 0126).
    { termo: 'Registro ativo desde', valor: formatDate(c.ativoDesde) },
    { termo: 'Forma de atuação', valor: c.formaAtuacaoDescricao ?? '' },
    { termo: 'Grupos-alvo (produto explorado)', valor: (c.gruposAlvo ?? []).join('; ') },
    { termo: 'Ambientes de pesca', valor: (c.ambientesPesca ?? []).join('; ') },
    { termo: 'Áreas de pesca', valor: (c.areasPesca ?? []).join('; ') },
  ];
  return campos.filter((campo) => campo.valor !== '');
}

export function camposProtocolo(p: ProtocoloPublico): Campo[] {
  const campos: Campo[] = [
    { termo: 'Número do protocolo', valor: p.numeroProtocolo ?? '' },
    { termo: 'Tipo de solicitação', valor: p.tipoDescricao ?? '' },
    { termo: 'Situação', valor: p.situacaoDescricao ?? '' },
    { termo: 'Data de envio', valor: formatDateTime(p.dataEnvio) },
    { termo: 'Nome', valor: p.nome ?? '' },
    { termo: 'UF', valor: p.uf ?? '' },
  ];
  return campos.filter((campo) => campo.valor !== '');
}

export function isAtivo(c: { situacao?: number | null }): boolean {
  return c.situacao === SituacaoRegistro.ATIVO;
}

/** The answer as a description list: a screen reader reads "Nome, MARIA …". */
export function ListaCampos({ campos }: { campos: Campo[] }) {
  return <ListaDados dados={campos} className="consulta-campos" />;
}
