// The part of jStat (https://github.com/jstat/jstat) the impact method uses; it ships no types.
declare module "jstat" {
  const jStat: { studentt: { inv(p: number, dof: number): number } };
  export default jStat;
}
