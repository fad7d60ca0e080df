/**
 * Business Details' insurance on file (spec part 2 §2, §9): general liability and workers
 * compensation with their expiration dates (an expired one in red) and certificates (sizes in KB
 * under 1 MB, otherwise MB); 'No insurance uploaded yet' when there is none.
 */
import type { Insurance } from '../../api/contracts/tasks';
import { fileSizeText } from '../../widgets/task-forms/file-checks';
import { today } from '../../widgets/task-forms/license-form';

type Cover = {
  name: string;
  date: string | null;
  files: Insurance['general_liability_insurance_certificate'];
};

function coversOf(insurance: Insurance): Cover[] {
  const covers: Cover[] = [
    {
      name: 'General Liability',
      date: insurance.general_expiration_date,
      files: insurance.general_liability_insurance_certificate,
    },
    {
      name: "Workers' Compensation",
      date: insurance.workers_comp_expiration_date,
      files: insurance.workers_compensation_policies,
    },
  ];
  return covers.filter((cover) => cover.date || cover.files.length);
}

export function InsuranceSummary({ insurance }: { insurance: Insurance }) {
  const covers = coversOf(insurance);
  if (covers.length === 0) return <p className="task-form__muted">No insurance uploaded yet</p>;
  const now = today();
  return (
    <ul className="task-licenses" aria-label="Insurance on file">
      {covers.map((cover) => (
        <li key={cover.name} className="task-licenses__item">
          <span className="task-licenses__name">{cover.name}</span>
          {cover.date ? (
            <span
              className={
                cover.date < now ? 'task-licenses__date task-licenses__date--expired' : 'task-licenses__date'
              }
            >
              {cover.date < now ? 'Expired' : 'Expires'} {cover.date}
            </span>
          ) : null}
          {cover.files.map((file) => (
            <span key={file.id} className="task-licenses__file">
              {file.filename} ({fileSizeText(file.byte_size)})
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
