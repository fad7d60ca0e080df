/**
 * The service categories for step 2's multi-select (GET /services), loaded when the step opens.
 * The custom flow has no session yet, so it sends its link's pass instead (null: the session). A
 * failure leaves the list empty with a message; the rest of the step still works.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '@/api/errors';
import type { CategoryOption } from '@/ui/inputs/categories-select';
import { getServices } from './signup-api';

export function useServices(pass: string | null) {
  const [options, setOptions] = useState<CategoryOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    getServices(pass)
      .then((answer) => {
        if (current) setOptions(answer.services);
      })
      .catch((failure: unknown) => {
        if (current)
          setError(
            failure instanceof ApiError ? failure.message : 'The service categories could not be loaded.',
          );
      });
    return () => {
      current = false;
    };
  }, [pass]);
  return { options, error };
}
