/** The licenses on file, as the license task lists them (expired dates in red); 'No Licenses uploaded yet'. */
import type { License } from '../../api/contracts/tasks';
import { fileSizeText } from './file-checks';
import { FileList } from './file-list';

export function LicenseList({ licenses, loading }: { licenses: License[] | undefined; loading: boolean }) {
  if (!licenses) return loading ? <p className="task-form__muted">Loading licenses…</p> : null;
  if (licenses.length === 0) return <p className="task-form__muted">No Licenses uploaded yet</p>;
  return (
    <FileList label="Licenses on file">
      {licenses.map((license) => (
        <li key={license.id} className="task-licenses__item">
          <span className="task-licenses__name">
            {license.view_name ?? `${license.type} - ${license.number}`}
          </span>
          <span
            className={
              license.is_expired ? 'task-licenses__date task-licenses__date--expired' : 'task-licenses__date'
            }
          >
            Expires {license.expiration_date}
          </span>
          {license.file ? (
            <span className="task-licenses__file">
              {license.file.filename} ({fileSizeText(license.file.byte_size)})
            </span>
          ) : null}
        </li>
      ))}
    </FileList>
  );
}
