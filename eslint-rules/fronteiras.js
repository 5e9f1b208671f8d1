// Local ESLint rules that hold the architecture's boundaries (docs/architecture.md, "Boundaries"):
// - a server module may import another module's `<module>/<module>.service` only (its routes, repository, jobs and helpers are
//   its own business; what another module needs, the owner's service offers);
// - a web feature never imports another feature (screens in src/web/routes compose features).
import fs from 'node:fs';
import path from 'node:path';

const SERVER_MODULES = `${path.sep}src${path.sep}server${path.sep}modules${path.sep}`;
const WEB_FEATURES = `${path.sep}src${path.sep}web${path.sep}features${path.sep}`;

/** The folder right under `raiz` that holds `arquivo`, and the rest of its path; null outside `raiz`. */
function dentroDe(raiz, arquivo) {
  const i = arquivo.lastIndexOf(raiz);
  if (i < 0) return null;
  const resto = arquivo.slice(i + raiz.length).split(path.sep);
  if (resto.length < 2) return null; // a file at the root (e.g. modules/escopo.ts) belongs to no module
  return { pasta: resto[0], resto: resto.slice(1) };
}

/** The file an import names, relative imports only; an import of a folder names its index. */
function destino(context, fonte) {
  if (!fonte.startsWith('.')) return null;
  const alvo = path.resolve(path.dirname(context.physicalFilename ?? context.filename), fonte);
  return fs.statSync(alvo, { throwIfNoEntry: false })?.isDirectory() ? path.join(alvo, 'index') : alvo;
}

/**
 * A rule over the folders right under `raiz` (server modules, web features): an import from one folder into
 * another is reported unless `permitido(alvo)` says the target file is an allowed door.
 */
function fronteira({ raiz, descricao, mensagem, permitido }) {
  return {
    meta: { type: 'problem', docs: { description: descricao }, messages: { fronteira: mensagem }, schema: [] },
    create(context) {
      const aqui = dentroDe(raiz, context.physicalFilename ?? context.filename);
      if (!aqui) return {};
      const checar = (node) => {
        const src = node.source;
        if (!src || src.type !== 'Literal' || typeof src.value !== 'string') return;
        const alvo = destino(context, src.value);
        const la = alvo && dentroDe(raiz, alvo);
        if (!la || la.pasta === aqui.pasta || permitido(la)) return;
        context.report({ node, messageId: 'fronteira', data: { origem: aqui.pasta, alvo: la.pasta, fonte: src.value } });
      };
      return { ImportDeclaration: checar, ExportNamedDeclaration: checar, ExportAllDeclaration: checar, ImportExpression: checar };
    },
  };
}

const modulosDoServidor = fronteira({
  raiz: SERVER_MODULES,
  descricao: "A server module imports another module's <module>.service only.",
  mensagem: "src/server/modules/{{origem}} may only import another module's service: '{{fonte}}' is inside module {{alvo}}. Ask {{alvo}}'s service for it.",
  permitido: (la) => la.resto.length === 1 && la.resto[0].replace(/\.(ts|js)$/, '') === `${la.pasta}.service`,
});

const featuresDaWeb = fronteira({
  raiz: WEB_FEATURES,
  descricao: 'A web feature never imports another feature.',
  mensagem: "src/web/features/{{origem}} must not import feature {{alvo}} ('{{fonte}}'): compose them in a screen (src/web/routes) or move what both need to src/web/components, src/web/lib or src/shared.",
  permitido: () => false,
});

export default {
  meta: { name: 'fronteiras' },
  rules: { 'modulos-do-servidor': modulosDoServidor, 'features-da-web': featuresDaWeb },
};
