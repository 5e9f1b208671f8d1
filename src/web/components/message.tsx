import type { ReactNode } from 'react';

type Kind = 'danger' | 'success' | 'info' | 'warning';

const ICON: Record<Kind, string> = {
  danger: 'fa-times-circle',
  success: 'fa-check-circle',
  info: 'fa-info-circle',
  warning: 'fa-exclamation-triangle',
};

/**
 * gov.br "br-message" block. role=alert only for messages that appear as a result of an action; role=status for a
 * notice that arrives after the page has loaded (read politely, without interrupting).
 */
export function Message({
  kind,
  title,
  children,
  alert = false,
  status = false,
}: {
  kind: Kind;
  title?: string;
  children?: ReactNode;
  alert?: boolean;
  status?: boolean;
}) {
  return (
    <div className={`br-message ${kind}`}>
      <div className="icon">
        <i className={`fas ${ICON[kind]} fa-lg`} aria-hidden="true" />
      </div>
      <div className="content" role={alert ? 'alert' : status ? 'status' : undefined}>
        {title && <span className="message-title">{title}</span>}
        {children && <span className="message-body"> {children}</span>}
      </div>
    </div>
  );
}
