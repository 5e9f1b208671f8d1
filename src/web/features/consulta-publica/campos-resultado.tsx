import { categoriaLabel, situacaoRegistroLabel, SituacaoRegistro, type Categoria } from '../../../shared/enums';
import { formatarRgp, isRgpValido } from '../../../shared/rgp';
import { formatDate, formatDateTime } from '../../lib/dates';
import type { CarteiraConsultada, ProtocoloConsultado } from './consulta-api';

export interface Campo {
  termo: string;
  valor: string;
}

function rgpExibido(numero: string | null | undefined): string {
  if (!numero) return '';
  return isRgpValido(numero) ? formatarRgp(numero) : numero.toUpperCase();
}

function juntar(...partes: (string | null | undefined)[]): string {
  return partes.filter((p) => p && p.trim()).join('/');
}

/** Only what the server returned, in the card's order (product.md: name, situation, category, place, RGP, date). */
export function camposCarteira(c: CarteiraConsultada): Campo[] {
  const situacao = c.situacaoDescricao || (c.situacao ? situacaoRegistroLabel[c.situacao as SituacaoRegistro] : '');
  const categoria = c.categoriaDescricao || (c.categoria ? categoriaLabel[c.categoria as Categoria] : '');
  const campos: Campo[] = [
    { termo: 'Nome', valor: c.nome ?? '' },
    { termo: 'Situação do registro', valor: situacao ?? '' },
    { termo: 'Categoria', valor: categoria ?? '' },
    { termo: 'Município/UF', valor: juntar(c.municipio, c.uf) },
    { termo: 'Número do RGP', valor: rgpExibido(c.numeroRGP) },
    { termo: 'Data do primeiro RGP', valor: formatDate(c.dataPrimeiroRgp) },
  ];
  return campos.filter((campo) => campo.valor !== '');
}

export function camposProtocolo(p: ProtocoloConsultado): Campo[] {
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
  return (
    <dl className="consulta-campos">
      {campos.map((c) => (
        <div key={c.termo}>
          <dt>{c.termo}</dt>
          <dd>{c.valor}</dd>
        </div>
      ))}
    </dl>
  );
}
