import '@fortawesome/fontawesome-free/css/fontawesome.min.css';
import '@fortawesome/fontawesome-free/css/solid.min.css';

/** A Font Awesome icon from its `fa-` class name. */
export function FaIcon({ name }: { name: string }) {
  return <i className={`fa-solid ${name}`} aria-hidden="true" />;
}
