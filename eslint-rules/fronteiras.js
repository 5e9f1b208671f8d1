// Local ESLint rules that hold the architecture's boundaries (docs/architecture.md, "Boundaries"):
// - a server module may import another module's `*.service` only (its routes, repository, jobs and helpers are
//   its own business; what another module needs, the owner's service offers);
// - a web feature never imports another feature (screens in src/web/routes compose features).
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

function origens(context, verificar) {
  const checar = (node) => {
    const src = node.source;
    if (src && src.type === 'Literal' && typeof src.value === 'string') verificar(node, src.value);
  };
  return {
    ImportDeclaration: checar,
    ExportNamedDeclaration: checar,
    ExportAllDeclaration: checar,
    ImportExpression: checar,
  };
}

function destino(context, fonte) {
  if (!fonte.startsWith('.')) return null;
  return path.resolve(path.dirname(context.physicalFilename ?? context.filename), fonte);
}

const modulosDoServidor = {
  meta: {
    type: 'problem',
    docs: { description: "A server module imports another module's *.service only." },
    messages: {
      soService: "src/server/modules/{{origem}} may only import another module's service: '{{fonte}}' is inside module {{alvo}}. Ask {{alvo}}'s service for it.",
    },
    schema: [],
  },
  create(context) {
    const aqui = dentroDe(SERVER_MODULES, context.physicalFilename ?? context.filename);
    if (!aqui) return {};
    return origens(context, (node, fonte) => {
      const alvo = destino(context, fonte);
      const la = alvo && dentroDe(SERVER_MODULES, alvo);
      if (!la || la.pasta === aqui.pasta) return;
      const nome = la.resto[la.resto.length - 1].replace(/\.(ts|js)$/, '');
      if (la.resto.length === 1 && nome.endsWith('.service')) return;
      context.report({ node, messageId: 'soService', data: { origem: aqui.pasta, alvo: la.pasta, fonte } });
    });
  },
};

const featuresDaWeb = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature never imports another feature.' },
    messages: {
      semOutraFeature: "src/web/features/{{origem}} must not import feature {{alvo}} ('{{fonte}}'): compose them in a screen (src/web/routes) or move what both need to src/web/components, src/web/lib or src/shared.",
    },
    schema: [],
  },
  create(context) {
    const aqui = dentroDe(WEB_FEATURES, context.physicalFilename ?? context.filename);
    if (!aqui) return {};
    return origens(context, (node, fonte) => {
      const alvo = destino(context, fonte);
      const la = alvo && (dentroDe(WEB_FEATURES, alvo) ?? dentroDe(WEB_FEATURES, `${alvo}${path.sep}index`));
      if (!la || la.pasta === aqui.pasta) return;
      context.report({ node, messageId: 'semOutraFeature', data: { origem: aqui.pasta, alvo: la.pasta, fonte } });
    });
  },
};

export default {
  meta: { name: 'fronteiras' },
  rules: { 'modulos-do-servidor': modulosDoServidor, 'features-da-web': featuresDaWeb },
};
