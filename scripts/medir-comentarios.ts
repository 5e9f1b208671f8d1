/**
 * Comments against code, by the compiler's own reading of the source (non-test .ts/.tsx under src, scripts, deploy).
 *
 *   npm run comentarios                          share of comment characters, and the 30 files with most comment
 *   npm run comentarios -- --mesmo-codigo main   files changed since `main` differ in comments only, directives kept
 *
 * Comments are found by the scanner around each token, so a `//` inside a string, regex, template or JSX text
 * is not one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const PASTAS_MEDIDAS = ['src', 'scripts', 'deploy'] as const;

export function ehArquivoMedido(arquivo: string): boolean {
  return /\.tsx?$/.test(arquivo) && !/\.test\.tsx?$/.test(arquivo)
    && PASTAS_MEDIDAS.some((pasta) => arquivo.startsWith(`${pasta}/`));
}

interface Comentario {
  inicio: number;
  fim: number;
  texto: string;
  /** Index of the token the comment sits before, so a moved directive is seen as moved. */
  antesDoToken: number;
}

interface Leitura {
  tokens: string[];
  comentarios: Comentario[];
}

export function ler(arquivo: string, texto: string): Leitura {
  const fonte = ts.createSourceFile(arquivo, texto, ts.ScriptTarget.Latest, true,
    arquivo.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const tokens: string[] = [];
  const vistos = new Map<number, Comentario>();
  const anotar = (faixas: ts.CommentRange[] | undefined, antesDoToken: number) => {
    for (const f of faixas ?? []) {
      if (!vistos.has(f.pos)) vistos.set(f.pos, { inicio: f.pos, fim: f.end, texto: texto.slice(f.pos, f.end), antesDoToken });
    }
  };
  const visitar = (no: ts.Node) => {
    // JSDoc is a comment to this count; the parser hangs it on the node it documents.
    const filhos = no.getChildren(fonte).filter((filho) => !ts.isJSDoc(filho));
    if (filhos.length > 0 || no.kind === ts.SyntaxKind.SyntaxList) {
      filhos.forEach(visitar);
      return;
    }
    // The trivia before a token: the previous line's tail (trailing ranges), then the lines above (leading). JSX
    // text has none, and "//" in it is text.
    if (no.kind !== ts.SyntaxKind.JsxText) {
      anotar(ts.getTrailingCommentRanges(texto, no.pos), tokens.length);
      anotar(ts.getLeadingCommentRanges(texto, no.pos), tokens.length);
    }
    tokens.push(`${no.kind}:${no.getText(fonte)}`);
  };
  visitar(fonte);
  return { tokens, comentarios: [...vistos.values()].sort((a, b) => a.inicio - b.inicio) };
}

/** Comments a tool reads: lint and compiler switches, bundler hints, pragmas, licences and JSDoc tags tools obey. */
const DIRETIVAS: RegExp[] = [
  /eslint-(?:disable|enable)(?:-next-line|-line)?(?:\s+[^\n*]*?)?(?=\s+--|\s*\*\/|\s*$)/,
  /^\/\*\s*eslint\s+[^*]*/,
  /^\/\*\s*global\s+[^*]*/,
  /@ts-(?:expect-error|ignore|nocheck|check)/,
  /@vite-ignore/,
  /[#@]__(?:PURE|NO_SIDE_EFFECTS)__/,
  /^\/\/\/\s*<(?:reference|amd-module|amd-dependency)[^>]*>/,
  /prettier-ignore/,
  /@jsx(?:ImportSource|Runtime|Frag)?\s+\S+/,
  /webpack[A-Z]\w*\s*:\s*[^,*]+/,
  /(?:c8|v8|istanbul)\s+ignore[^\n*]*/,
  /@license|@preserve|^\/\*!/,
  /@(?:deprecated|internal|public|alpha|beta|experimental|override|sealed|virtual|satisfies|overload)\b/,
];

function diretivasDe(leitura: Leitura): string[] {
  const achadas: string[] = [];
  for (const c of leitura.comentarios) {
    for (const d of DIRETIVAS) {
      const m = d.exec(c.texto);
      if (m) achadas.push(`token ${c.antesDoToken}: ${m[0].replace(/\s+/g, ' ').trim()}`);
    }
  }
  return achadas.sort();
}

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
}

export function arquivosMedidos(raiz = process.cwd()): string[] {
  return git('-C', raiz, 'ls-files', '--cached', '--others', '--exclude-standard', '--', ...PASTAS_MEDIDAS)
    .split('\n').filter(ehArquivoMedido).sort();
}

export interface Medida {
  arquivo: string;
  caracteres: number;
  deComentario: number;
}

export function medir(raiz = process.cwd(), arquivos = arquivosMedidos(raiz)): Medida[] {
  return arquivos.map((arquivo) => {
    const texto = readFileSync(path.join(raiz, arquivo), 'utf8');
    const { comentarios } = ler(arquivo, texto);
    return { arquivo, caracteres: texto.length, deComentario: comentarios.reduce((s, c) => s + c.fim - c.inicio, 0) };
  });
}

function relatar(medidas: Medida[]): void {
  const total = medidas.reduce((s, m) => s + m.caracteres, 0);
  const comentario = medidas.reduce((s, m) => s + m.deComentario, 0);
  console.log(`${medidas.length} files, ${total} characters, ${comentario} in comments: ${(100 * comentario / total).toFixed(1)} %`);
  console.log('\ncomment chars  share  file');
  for (const m of [...medidas].sort((a, b) => b.deComentario - a.deComentario).slice(0, 30)) {
    console.log(`${String(m.deComentario).padStart(13)}  ${(100 * m.deComentario / m.caracteres).toFixed(0).padStart(4)} %  ${m.arquivo}`);
  }
}

/** New files are listed apart. */
function conferirMesmoCodigo(ref: string): number {
  const mudados = git('diff', '--name-only', '--diff-filter=AM', ref, '--', ...PASTAS_MEDIDAS)
    .split('\n').filter(ehArquivoMedido);
  let falhas = 0;
  for (const arquivo of mudados) {
    let antes: string;
    try {
      antes = git('show', `${ref}:${arquivo}`);
    } catch {
      console.log(`new     ${arquivo}`);
      continue;
    }
    const a = ler(arquivo, antes);
    const d = ler(arquivo, readFileSync(arquivo, 'utf8'));
    const problemas: string[] = [];
    const i = a.tokens.findIndex((t, k) => t !== d.tokens[k]);
    if (i >= 0 || a.tokens.length !== d.tokens.length) {
      const k = i >= 0 ? i : Math.min(a.tokens.length, d.tokens.length);
      problemas.push(`code differs at token ${k}: ${a.tokens[k] ?? '(end)'} -> ${d.tokens[k] ?? '(end)'}`);
    }
    const diretivasDepois = diretivasDe(d);
    for (const diretiva of diretivasDe(a)) {
      const j = diretivasDepois.indexOf(diretiva);
      if (j < 0) problemas.push(`directive lost or moved: ${diretiva}`);
      else diretivasDepois.splice(j, 1);
    }
    for (const diretiva of diretivasDepois) problemas.push(`directive added: ${diretiva}`);
    if (problemas.length > 0) {
      falhas++;
      console.log(`CHANGED ${arquivo}\n  ${problemas.join('\n  ')}`);
    } else {
      console.log(`same    ${arquivo}`);
    }
  }
  console.log(`\n${mudados.length} files changed since ${ref}; ${falhas} with code or directives changed`);
  return falhas;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const k = process.argv.indexOf('--mesmo-codigo');
  if (k >= 0) {
    const ref = process.argv[k + 1];
    if (!ref) throw new Error('--mesmo-codigo needs a git ref, e.g. main');
    process.exitCode = conferirMesmoCodigo(ref) > 0 ? 1 : 0;
  } else {
    relatar(medir());
  }
}
