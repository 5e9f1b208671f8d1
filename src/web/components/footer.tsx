export function Footer() {
  return (
    <footer className="br-footer app-footer" id="footer">
      <div className="container-lg">
        <p className="text-weight-semi-bold">Ministério da Pesca e Aquicultura</p>
        <p>RGP – Registro Geral da Atividade Pesqueira</p>
        <p className="text-down-01">Governo Federal</p>
      </div>
    </footer>
  );
}
