/** How campaign figures read on screen: US dollars and grouped counts. Pure, cached formatters. */
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const counts = new Intl.NumberFormat('en-US');

export const formatMoney = (value: number | string | null | undefined) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return number === null || number === undefined || Number.isNaN(number) ? '' : money.format(number);
};

export const formatCount = (value: number) => counts.format(value);
