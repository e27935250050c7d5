"""The options of the commands that spread work: -j/--jobs, --cluster and its certificates, --quiet.

Apart from :mod:`.options` because they speak of processes, cores and
schedulers, not of cards: what :mod:`ulti_solver.runner` needs to know
before a command starts its work.
"""

from __future__ import annotations

from typing import Optional

import click

from ..i18n import N_, _, n_
from ..runner import JOBS_PER_CORE, SPREAD_AFTER, ClusterAddress, default_jobs, max_jobs
from .language import option
from .options import _apply


def _jobs_within_reach(ctx, param, value: Optional[int]) -> Optional[int]:
    """-j above :func:`~ulti_solver.runner.max_jobs` is refused: more workers than that only share the cores."""
    if value is not None and value > max_jobs():
        cores = default_jobs()
        raise click.BadParameter(
            _(
                "{count} workers is too many here: at most {most} ({per_core} per core, {cores}); "
                "more only share the same cores"
            ).format(count=count_text(value), most=max_jobs(), per_core=JOBS_PER_CORE, cores=plural_cores(cores)),
            ctx=ctx,
            param=param,
        )
    return value


def plural_cores(count: int) -> str:
    return n_("{n} core", "{n} cores", count)


def count_text(number: int) -> str:
    """A count as the user gave it, a number of 25 digits cut short: ``10000000000... (26 digits)``."""
    text = str(number)
    return text if len(text) <= 15 else _("{start}... ({count} digits)").format(start=text[:12], count=len(text))


def jobs_option(what: str):
    """-j/--jobs N: None when not given, which runner.jobs_plan reads as every core, later.
    ``what`` the workers solve is marked ``N_()``."""
    return option(
        "-j",
        "--jobs",
        type=click.IntRange(min=1),
        default=None,
        metavar="N",
        callback=_jobs_within_reach,
        help=N_(
            "Worker processes solving {what} (default: all cores, once the work has run "
            "{spread} s in this process; 1 solves in this process; at most {per_core} per core)."
        ),
        help_values={"what": what, "spread": SPREAD_AFTER, "per_core": JOBS_PER_CORE},
    )


#: Where the --tls-* options wait for --cluster (they are read first: see cluster_options).
_TLS_META = "ulti_solver.tls"
_TLS_OPTIONS = {"tls_ca_file": "--tls-ca-file", "tls_cert": "--tls-cert", "tls_key": "--tls-key"}


def _keep_tls(ctx, param, value):
    if value is not None:
        if not value.strip():
            raise click.BadParameter(_("is empty; give the path of a PEM file"), ctx=ctx, param=param)
        ctx.meta.setdefault(_TLS_META, {})[param.name] = value
    return value


def _cluster_address(ctx, param, value: Optional[str]) -> Optional[ClusterAddress]:
    """--cluster with the --tls-* files: a ClusterAddress, or None for a local run.

    An empty address is refused (it used to mean "run here" without a
    word); certificates without --cluster are refused too.  Whether the
    address answers is checked when the command connects (exit 2).
    """
    tls = ctx.meta.get(_TLS_META, {})
    if value is None:
        if tls:
            given = ", ".join(_TLS_OPTIONS[name] for name in _TLS_OPTIONS if name in tls)
            raise click.UsageError(_("{options} only go with --cluster tls://HOST:PORT").format(options=given), ctx=ctx)
        return None
    if not value.strip():
        raise click.BadParameter(
            _("is empty; give the scheduler's address, e.g. tcp://127.0.0.1:8786 (leave --cluster out to run here)"),
            ctx=ctx,
            param=param,
        )
    return ClusterAddress(value.strip(), **tls)


#: What --cluster's help says of security, and the README's cluster section at length.
CLUSTER_HELP = N_(
    'Solve on a Dask cluster, e.g. tcp://127.0.0.1:8786 (pip install "ulti-solver[cluster]"); '
    "the output is the same as a local run.  A tcp:// scheduler has no authentication and runs "
    "the (pickled) code any client sends it: it must be reachable only by trusted machines.  "
    "tls://HOST:PORT with --tls-ca-file, --tls-cert and --tls-key encrypts and admits only "
    "certified clients.  A scheduler lost mid-run is one error line and exit status 1."
)


def cluster_options():
    """--cluster ADDRESS and its certificates: a ClusterAddress (or None) as ``cluster``.

    The --tls-* options are eager (read before every other option) and hand
    their files to --cluster's callback, so commands see one value.
    """
    return _apply(
        [
            click.option("--cluster", metavar="ADDRESS", callback=_cluster_address, help=CLUSTER_HELP),
            click.option(
                "--tls-ca-file",
                "tls_ca_file",
                metavar="PEM",
                is_eager=True,
                expose_value=False,
                callback=_keep_tls,
                help=N_("For a tls:// cluster: the certificate authority that signed the scheduler's certificate."),
            ),
            click.option(
                "--tls-cert",
                "tls_cert",
                metavar="PEM",
                is_eager=True,
                expose_value=False,
                callback=_keep_tls,
                help=N_("For a tls:// cluster: this client's certificate (signed by that authority)."),
            ),
            click.option(
                "--tls-key",
                "tls_key",
                metavar="PEM",
                is_eager=True,
                expose_value=False,
                callback=_keep_tls,
                help=N_("For a tls:// cluster: this client's private key, when not in the --tls-cert file."),
            ),
        ]
    )


def worker_options(what: str):
    """-j/--jobs, --cluster (with its certificates) and --quiet, for the commands that solve many games."""
    return _apply(
        [
            jobs_option(what),
            cluster_options(),
            click.option("--quiet", "-q", is_flag=True, help=N_("No progress bar and no summary on stderr.")),
        ]
    )
